//! Statements and expressions of a piece's program, with macros expanded.

use super::{Clause, Lower};
use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::keyword::Keyword;
use crate::macros::{self, Use, MAX_EXPANDED_FORMS, MAX_EXPANSION_DEPTH};
use crate::shape;
use crate::tree::{Block, Compare, Expr, Ident, Stmt};
use dagaz_sexpr::{Node, NodeKind, Span};

/// How deep statements and list expressions may nest once macros are expanded.
pub const MAX_NESTING: usize = 256;

/// The most values `log` takes, and operands `+`, `-` and `*` take.
pub const MAX_OPERANDS: usize = u8::MAX as usize;

impl Lower {
    /// A block's statements, with statement macros spliced in (no new scope).
    pub(super) fn statements(&mut self, nodes: &[Node]) -> Vec<Stmt> {
        let mut out = Vec::with_capacity(nodes.len());
        self.splice(nodes, 0, &mut out);
        out
    }

    /// Lowers `nodes` into `out`; a macro use found here, `depth` uses deep in this block, is
    /// replaced by its body.
    ///
    /// The functions on the way from a statement to the statements of its block (`splice`,
    /// `statement`, `statement_here`, `while_statement`, ...) keep their frames small: forms
    /// nest [`MAX_NESTING`] deep, and an unoptimised build must not run out of stack.
    fn splice(&mut self, nodes: &[Node], depth: usize, out: &mut Vec<Stmt>) {
        for node in nodes {
            match self.expand(node) {
                Use::None => self.statement(node, out),
                used => {
                    if let Some(body) = self.use_body(node, used, depth, out) {
                        self.splice(&body, depth + 1, out);
                    }
                }
            }
        }
    }

    /// The body of a macro use, `depth` splices deep in its block; or `None`, with its error
    /// recorded and a placeholder in `out`.
    fn use_body(
        &mut self,
        node: &Node,
        used: Use,
        depth: usize,
        out: &mut Vec<Stmt>,
    ) -> Option<Vec<Node>> {
        let error = match used {
            Use::Expanded(Ok(body)) if depth + self.expansion_depth < MAX_EXPANSION_DEPTH => {
                return Some(body)
            }
            Use::Expanded(Ok(_)) => Some(macros::too_deep(node.span)),
            Use::Expanded(Err(e)) => Some(e),
            Use::None | Use::Broken => None,
        };
        self.errors.extend(error);
        out.push(Stmt::Error(node.span));
        None
    }

    /// The expansion of `node` if it uses a macro, counting the forms it makes; past
    /// [`MAX_EXPANDED_FORMS`] every use is dropped (the first with an error).
    fn expand(&mut self, node: &Node) -> Use {
        if self.expanded > MAX_EXPANDED_FORMS {
            return match self.macros.expand(node, &mut 0) {
                Use::None => Use::None,
                _ => Use::Broken,
            };
        }
        let used = self.macros.expand(node, &mut self.expanded);
        if self.expanded > MAX_EXPANDED_FORMS {
            self.errors.push(SyntaxError::new(
                SyntaxErrorKind::MacroTooLarge(MAX_EXPANDED_FORMS),
                node.span,
            ));
            return Use::Broken;
        }
        used
    }

    /// Lowers `f` one macro use deeper, or fails when uses nest too deep.
    fn expanded(&mut self, span: Span, f: impl FnOnce(&mut Self)) -> bool {
        if self.expansion_depth >= MAX_EXPANSION_DEPTH {
            self.errors.push(macros::too_deep(span));
            return false;
        }
        self.expansion_depth += 1;
        f(self);
        self.expansion_depth -= 1;
        true
    }

    /// One statement into `out`: several when it is a macro use.
    fn statement(&mut self, node: &Node, out: &mut Vec<Stmt>) {
        if self.nesting >= MAX_NESTING {
            self.errors.push(too_deep(node.span));
            out.push(Stmt::Error(node.span));
            return;
        }
        self.nesting += 1;
        match self.expand(node) {
            Use::None => {
                let stmt = self.statement_here(node);
                out.push(stmt);
            }
            // A macro use as one statement (an alternative of `any`): its body, one use
            // deeper.
            used => {
                if let Some(body) = self.use_body(node, used, 0, out) {
                    self.expansion_depth += 1;
                    body.iter().for_each(|n| self.statement(n, out));
                    self.expansion_depth -= 1;
                }
            }
        }
        self.nesting -= 1;
    }

    /// A block of its own (`while`, `seq`, a branch of `if`, an alternative of `any`).
    fn block(&mut self, nodes: &[Node], span: Span) -> Block {
        Block {
            stmts: self.statements(nodes),
            span,
        }
    }

    fn statement_here(&mut self, node: &Node) -> Stmt {
        let keyword = node.head().and_then(Keyword::from_text);
        match (node.as_list(), keyword) {
            (Some(items), Some(Keyword::While)) => self.while_statement(items, node.span),
            (Some(items), Some(Keyword::If)) => self.if_statement(items, node.span),
            (Some(items), Some(Keyword::Seq)) => {
                Stmt::Seq(self.block(shape::args(items), node.span), node.span)
            }
            (Some(items), Some(Keyword::Any)) => self.any_statement(items, node.span),
            (Some(items), Some(k)) if Keyword::STATEMENTS.contains(&k) => {
                self.statement_form(k, items, node.span)
            }
            _ => Stmt::Expr(self.expression(node)),
        }
    }

    /// `(any A ...)` as a statement: each alternative a block of its own.
    fn any_statement(&mut self, items: &[Node], span: Span) -> Stmt {
        let alternatives = shape::args(items)
            .iter()
            .map(|alt| {
                let mut stmts = Vec::new();
                self.statement(alt, &mut stmts);
                Block {
                    stmts,
                    span: alt.span,
                }
            })
            .collect();
        Stmt::Any(alternatives, span)
    }

    /// `(while COND STATEMENT ...)`.
    fn while_statement(&mut self, items: &[Node], span: Span) -> Stmt {
        let Some(cond) = items.get(1) else {
            return self.error(shape::arity_at_least(Keyword::While.text(), 1, items, span));
        };
        let cond = self.expression(cond);
        let body = self.block(items.get(2..).unwrap_or(&[]), span);
        Stmt::While(cond, body, span)
    }

    /// Records `e`; the placeholder of the statement at fault.
    fn error(&mut self, e: SyntaxError) -> Stmt {
        let span = e.span;
        self.errors.push(e);
        Stmt::Error(span)
    }

    /// A special statement form headed by `keyword`, other than those that hold blocks.
    fn statement_form(&mut self, keyword: Keyword, items: &[Node], span: Span) -> Stmt {
        match self.simple_statement(keyword, items, span) {
            Ok(stmt) => stmt,
            Err(e) => {
                self.errors.push(e);
                Stmt::Error(span)
            }
        }
    }

    fn simple_statement(
        &mut self,
        keyword: Keyword,
        items: &[Node],
        span: Span,
    ) -> shape::Result<Stmt> {
        let form = keyword.text();
        Ok(match keyword {
            Keyword::Check => {
                let [arg] = shape::arity::<1>(form, items, span)?;
                if arg.as_symbol() == Some(Keyword::NoMovesQ.text()) {
                    if self.clause != Clause::Post {
                        return Err(no_moves(arg.span));
                    }
                    Stmt::NoMoves(span)
                } else {
                    Stmt::Check(self.expression(arg), span)
                }
            }
            Keyword::Let => {
                let name = |n: &Node| shape::ident(n, "a variable name");
                let (name, value) = self.name_and_value(form, items, span, name)?;
                Stmt::Let(name, value, span)
            }
            Keyword::Set => {
                let (target, value) = self.name_and_value(form, items, span, variable)?;
                Stmt::Set(target, value, span)
            }
            Keyword::Inc | Keyword::Dec => {
                let args = shape::args(items);
                let (Some(target), None) = (args.first(), args.get(2)) else {
                    return Err(SyntaxError::arity(
                        form,
                        "1 or 2 arguments".into(),
                        args.len(),
                        span,
                    ));
                };
                let target = variable(target);
                let amount = args.get(1).map(|n| self.expression(n));
                match keyword {
                    Keyword::Inc => Stmt::Inc(target?, amount, span),
                    _ => Stmt::Dec(target?, amount, span),
                }
            }
            Keyword::EndMove => {
                shape::arity::<0>(form, items, span)?;
                if self.clause != Clause::Move {
                    return Err(SyntaxError::new(SyntaxErrorKind::EndMoveOutsideMove, span));
                }
                Stmt::EndMove(span)
            }
            Keyword::Take
            | Keyword::Drop
            | Keyword::Capture
            | Keyword::CaptureLater
            | Keyword::CaptureGroup
            | Keyword::Visit
            | Keyword::Part => {
                shape::arity::<0>(form, items, span)?;
                match keyword {
                    Keyword::Take => Stmt::Take(span),
                    Keyword::Visit => Stmt::Visit(span),
                    Keyword::Part => Stmt::Part(span),
                    Keyword::Drop => Stmt::Drop(span),
                    Keyword::Capture => Stmt::Capture(span),
                    Keyword::CaptureGroup => Stmt::CaptureGroup(span),
                    _ => Stmt::CaptureLater(span),
                }
            }
            _ => return self.piece_statement(keyword, form, items, span),
        })
    }

    /// The statements that change a piece or the position (`promote`, `set-attr`,
    /// `move-piece`, `cycle-pieces`, `move-tile`, `set-owner!`, `set-seeds!`), `another-turn` and `log`.
    fn piece_statement(
        &mut self,
        keyword: Keyword,
        form: &str,
        items: &[Node],
        span: Span,
    ) -> shape::Result<Stmt> {
        Ok(match keyword {
            Keyword::Promote => {
                let [kind] = shape::arity::<1>(form, items, span)?;
                // A bare name stays a name: a piece type, or a local holding one.
                let kind = match kind.as_symbol() {
                    Some(text) => Expr::Name(Ident {
                        text: text.to_string(),
                        span: kind.span,
                    }),
                    None => self.expression(kind),
                };
                Stmt::Promote(kind, span)
            }
            Keyword::SetAttr => {
                let name = |n: &Node| shape::ident(n, "an attribute name");
                let (name, value) = self.name_and_value(form, items, span, name)?;
                Stmt::SetAttr(name, value, span)
            }
            Keyword::MovePiece => {
                let [to] = shape::arity::<1>(form, items, span)?;
                Stmt::MovePiece(self.expression(to), span)
            }
            Keyword::CyclePieces => {
                Stmt::CyclePieces(self.operand_list(form, items, span, 2)?, span)
            }
            Keyword::MoveTile => {
                let [dir] = shape::arity::<1>(form, items, span)?;
                Stmt::MoveTile(self.expression(dir), span)
            }
            Keyword::Create => create(self, form, items, span)?,
            Keyword::SetOwner => {
                let [owner] = shape::arity::<1>(form, items, span)?;
                Stmt::SetOwner(self.expression(owner), span)
            }
            Keyword::SetSeeds => {
                let [n] = shape::arity::<1>(form, items, span)?;
                Stmt::SetSeeds(self.expression(n), span)
            }
            Keyword::AnotherTurn => {
                shape::arity::<0>(form, items, span)?;
                Stmt::AnotherTurn(span)
            }
            Keyword::Weight => {
                let [n] = shape::arity::<1>(form, items, span)?;
                Stmt::Weight(self.expression(n), span)
            }
            Keyword::TurnTo => {
                let [player] = shape::arity::<1>(form, items, span)?;
                Stmt::TurnTo(self.expression(player), span)
            }
            Keyword::Log => Stmt::Log(self.operand_list(form, items, span, 1)?, span),
            // The keywords `statement_here` passes are the statements above.
            _ => {
                return Err(SyntaxError::new(
                    SyntaxErrorKind::UnknownForm(form.into()),
                    span,
                ))
            }
        })
    }

    /// The operands of `cycle-pieces` or `log`: at least `least`, at most [`MAX_OPERANDS`].
    fn operand_list(
        &mut self,
        form: &str,
        items: &[Node],
        span: Span,
        least: usize,
    ) -> shape::Result<Vec<Expr>> {
        let args = shape::args(items);
        if args.len() < least {
            return Err(shape::arity_at_least(form, least, items, span));
        }
        if args.len() > MAX_OPERANDS {
            return Err(too_many_arguments(span));
        }
        Ok(self.expressions(args))
    }

    /// `(FORM NAME VALUE)` (`let`, `set!`, `set-attr`): the value is lowered even when the
    /// name is wrong, so that its own mistakes are reported too.
    fn name_and_value(
        &mut self,
        form: &str,
        items: &[Node],
        span: Span,
        name: impl Fn(&Node) -> shape::Result<Ident>,
    ) -> shape::Result<(Ident, Expr)> {
        let [name_node, value] = shape::arity::<2>(form, items, span)?;
        let name = name(name_node);
        let value = self.expression(value);
        Ok((name?, value))
    }

    /// `(if COND THEN ... [else ELSE ...])`.
    fn if_statement(&mut self, items: &[Node], span: Span) -> Stmt {
        let Some(cond) = items.get(1) else {
            return self.error(shape::arity_at_least(Keyword::If.text(), 1, items, span));
        };
        let rest = items.get(2..).unwrap_or(&[]);
        let is_else = |n: &Node| n.as_symbol() == Some(Keyword::Else.text());
        let (then, otherwise) = match rest.iter().position(is_else) {
            Some(i) => (
                rest.get(..i).unwrap_or(&[]),
                Some(rest.get(i + 1..).unwrap_or(&[])),
            ),
            None => (rest, None),
        };
        if otherwise.is_some_and(|o| o.iter().any(is_else)) {
            return self.error(SyntaxError::new(SyntaxErrorKind::BadElse, span));
        }
        let cond = self.expression(cond);
        let then = self.block(then, span);
        let otherwise = otherwise.map(|o| self.block(o, span));
        Stmt::If(cond, then, otherwise, span)
    }

    fn expressions(&mut self, nodes: &[Node]) -> Vec<Expr> {
        nodes.iter().map(|n| self.expression(n)).collect()
    }

    /// One expression; a list one level deeper.
    pub(super) fn expression(&mut self, node: &Node) -> Expr {
        let span = node.span;
        match &node.kind {
            NodeKind::Int(n) => match i32::try_from(*n) {
                Ok(n) => Expr::Int(n, span),
                Err(_) => {
                    self.errors.push(SyntaxError::expected(
                        &format!("a number from {} to {}", i32::MIN, i32::MAX),
                        node,
                    ));
                    Expr::Error(span)
                }
            },
            NodeKind::Str(s) => Expr::Str(s.clone(), span),
            NodeKind::Symbol(name) => match Keyword::from_text(name) {
                Some(Keyword::True) => Expr::Bool(true, span),
                Some(Keyword::False) => Expr::Bool(false, span),
                Some(Keyword::NoMovesQ) => {
                    self.errors.push(no_moves(span));
                    Expr::Error(span)
                }
                _ => Expr::Name(Ident {
                    text: name.clone(),
                    span,
                }),
            },
            NodeKind::List(items) => {
                if self.nesting >= MAX_NESTING {
                    self.errors.push(too_deep(span));
                    return Expr::Error(span);
                }
                self.nesting += 1;
                let expr = self.form(items, node);
                self.nesting -= 1;
                expr
            }
        }
    }

    /// A list as an expression: a macro use or a built-in expression form.
    fn form(&mut self, items: &[Node], node: &Node) -> Expr {
        let span = node.span;
        let Some(head) = items.first().and_then(Node::as_symbol) else {
            self.errors.push(SyntaxError::expected(
                "a form such as `(+ 1 2)` (a name first)",
                node,
            ));
            return Expr::Error(span);
        };
        match self.expand(node) {
            Use::None => {}
            Use::Broken => return Expr::Error(span),
            Use::Expanded(Err(e)) => {
                self.errors.push(e);
                return Expr::Error(span);
            }
            Use::Expanded(Ok(body)) => {
                let [single] = body.as_slice() else {
                    self.errors.push(SyntaxError::expected(
                        "a macro whose body is one expression",
                        node,
                    ));
                    return Expr::Error(span);
                };
                let mut expr = Expr::Error(span);
                self.expanded(span, |c| expr = c.expression(single));
                return expr;
            }
        }
        match self.expression_form(head, items, node) {
            Ok(expr) => expr,
            Err(e) => {
                self.errors.push(e);
                Expr::Error(span)
            }
        }
    }

    fn expression_form(&mut self, head: &str, items: &[Node], node: &Node) -> shape::Result<Expr> {
        let span = node.span;
        let args = shape::args(items);
        let keyword = Keyword::from_text(head);
        let binary = |c: &mut Self| -> shape::Result<Box<[Expr; 2]>> {
            let [a, b] = shape::arity::<2>(head, items, span)?;
            Ok(Box::new([c.expression(a), c.expression(b)]))
        };
        let compare = |op: Compare, c: &mut Self| binary(c).map(|ab| Expr::Compare(op, ab, span));
        Ok(match keyword {
            Some(Keyword::InZone | Keyword::Connected | Keyword::GroupTouches) => {
                zone_form(head, items, span)?
            }
            Some(Keyword::FriendCount | Keyword::EnemyCount) => {
                let [kind] = shape::arity::<1>(head, items, span)?;
                let friends = keyword == Some(Keyword::FriendCount);
                Expr::CountOf(friends, shape::ident(kind, "a piece type")?, span)
            }
            Some(Keyword::Any) => Expr::Any(self.expressions(args), span),
            Some(Keyword::And) => Expr::And(self.expressions(args), span),
            Some(Keyword::Or) => Expr::Or(self.expressions(args), span),
            Some(Keyword::Not) => {
                let [a] = shape::arity::<1>(head, items, span)?;
                Expr::Not(Box::new(self.expression(a)), span)
            }
            Some(Keyword::Add | Keyword::Sub | Keyword::Mul) => {
                if args.len() > MAX_OPERANDS {
                    return Err(too_many_arguments(span));
                }
                if args.is_empty() && keyword == Some(Keyword::Sub) {
                    return Err(shape::arity_at_least(head, 1, items, span));
                }
                let operands = self.expressions(args);
                match keyword {
                    Some(Keyword::Add) => Expr::Add(operands, span),
                    Some(Keyword::Sub) => Expr::Sub(operands, span),
                    _ => Expr::Mul(operands, span),
                }
            }
            Some(Keyword::Div) => Expr::Div(binary(self)?, span),
            Some(Keyword::Mod) => Expr::Mod(binary(self)?, span),
            Some(Keyword::Eq) => compare(Compare::Eq, self)?,
            Some(Keyword::Ne) => compare(Compare::Ne, self)?,
            Some(Keyword::Lt) => compare(Compare::Lt, self)?,
            Some(Keyword::Le) => compare(Compare::Le, self)?,
            Some(Keyword::Gt) => compare(Compare::Gt, self)?,
            Some(Keyword::Ge) => compare(Compare::Ge, self)?,
            Some(k) if Keyword::STATEMENTS.contains(&k) => {
                return Err(SyntaxError::expected(
                    "an expression (this form is a statement)",
                    node,
                ))
            }
            _ => {
                return Err(SyntaxError::new(
                    SyntaxErrorKind::UnknownForm(head.to_string()),
                    items.first().map_or(span, |h| h.span),
                ))
            }
        })
    }
}

/// `(in-zone? ZONE)`, `(connected? ZONE ZONE)` and `(group-touches? ZONE ...)`: the
/// expressions whose arguments are zone names.
fn zone_form(head: &str, items: &[Node], span: Span) -> shape::Result<Expr> {
    let args = shape::args(items);
    Ok(match Keyword::from_text(head) {
        Some(Keyword::InZone) => {
            let [zone] = shape::arity::<1>(head, items, span)?;
            Expr::InZone(shape::ident(zone, "a zone name")?, span)
        }
        Some(Keyword::Connected) => {
            let [a, b] = shape::arity::<2>(head, items, span)?;
            Expr::Connected(
                shape::ident(a, "a zone name")?,
                shape::ident(b, "a zone name")?,
                span,
            )
        }
        _ => {
            if args.is_empty() {
                return Err(shape::arity_at_least(head, 1, items, span));
            }
            if args.len() > MAX_OPERANDS {
                return Err(too_many_arguments(span));
            }
            let zones = args
                .iter()
                .map(|z| shape::ident(z, "a zone name"))
                .collect::<shape::Result<Vec<_>>>()?;
            Expr::GroupTouches(zones, span)
        }
    })
}

/// The target of `set!`, `inc!` or `dec!`: a name (`no-moves?` is none).
fn variable(node: &Node) -> shape::Result<Ident> {
    let name = shape::ident(node, "a variable name")?;
    if name.text == Keyword::NoMovesQ.text() {
        return Err(no_moves(node.span));
    }
    Ok(name)
}

/// Forms nested deeper than [`MAX_NESTING`], at `span`.
fn too_deep(span: Span) -> SyntaxError {
    SyntaxError::new(SyntaxErrorKind::NestedTooDeep(MAX_NESTING), span)
}

fn no_moves(span: Span) -> SyntaxError {
    SyntaxError::new(SyntaxErrorKind::NoMovesOutsidePost, span)
}

fn too_many_arguments(span: Span) -> SyntaxError {
    SyntaxError::new(
        SyntaxErrorKind::TooMany {
            what: "arguments",
            max: MAX_OPERANDS,
        },
        span,
    )
}

/// `(create KIND [PLAYER])`: the player to move when PLAYER is not written.
fn create(lower: &mut Lower, form: &str, items: &[Node], span: Span) -> shape::Result<Stmt> {
    let args = shape::args(items);
    match args {
        [kind] => {
            let player = Expr::Name(Ident {
                text: "current-player".to_string(),
                span,
            });
            Ok(Stmt::Create(lower.expression(kind), player, span))
        }
        [kind, player] => Ok(Stmt::Create(
            lower.expression(kind),
            lower.expression(player),
            span,
        )),
        _ => Err(SyntaxError::arity(
            form,
            "1 or 2 arguments".to_string(),
            args.len(),
            span,
        )),
    }
}
