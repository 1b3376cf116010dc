//! The game clauses that declare state and rules rather than moves: attributes, turn
//! variables, royal pieces, the attack test, goals and the FEN style.

use crate::error::{CompileError, CompileErrorKind};
use crate::evaluation::{Evaluation, Score};
use crate::formats::{Castling, FenSpec, PdnSpec, StandardFen};
use crate::goals::{Goal, GoalCondition, HistoryGoal, HistoryRule, Outcome};
use crate::rules::AttackTest;
use crate::syntax::{self, Result};
use dagaz_ir::{Board, Piece, PieceKind, PlayerId, MAX_ATTRIBUTES, MAX_TURN_VARIABLES};
use dagaz_sexpr::Node;
use indexmap::IndexSet;

/// The game-wide names the clauses below refer to.
pub(crate) struct Declared<'a> {
    pub board: &'a Board,
    pub players: &'a IndexSet<String>,
    pub pieces: &'a IndexSet<String>,
    pub attributes: &'a IndexSet<String>,
    pub default_attrs: u8,
    pub turn_variables: &'a IndexSet<String>,
}

fn clauses<'a>(items: &'a [Node], head: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
    items.iter().filter(move |n| n.head() == Some(head))
}

fn unknown(what: &'static str, name: &str, node: &Node) -> CompileError {
    CompileError::new(
        CompileErrorKind::Unknown {
            what,
            name: name.to_string(),
        },
        node.span,
    )
}

fn duplicate(what: &str, name: &str, node: &Node) -> CompileError {
    CompileError::new(
        CompileErrorKind::Duplicate(what.to_string(), name.to_string()),
        node.span,
    )
}

fn piece_kind(pieces: &IndexSet<String>, node: &Node) -> Result<PieceKind> {
    let name = syntax::symbol(node, "a piece type")?;
    pieces
        .get_index_of(name)
        .map(|i| PieceKind(i as u8))
        .ok_or_else(|| unknown("piece type", name, node))
}

fn player(players: &IndexSet<String>, node: &Node) -> Result<PlayerId> {
    let name = syntax::symbol(node, "a player name")?;
    players
        .get_index_of(name)
        .map(|i| PlayerId(i as u8))
        .ok_or_else(|| unknown("player", name, node))
}

/// `(attribute NAME true|false)`: the names, and the bits a newly placed piece has.
pub(crate) fn attributes(items: &[Node]) -> Result<(IndexSet<String>, u8)> {
    let mut names = IndexSet::new();
    let mut defaults = 0u8;
    for form in clauses(items, "attribute") {
        let parts = syntax::list(form, "`(attribute NAME true|false)`")?;
        let args = syntax::arity::<2>("attribute", parts, form.span)?;
        let name = syntax::symbol(&args[0], "an attribute name")?;
        let on = match args[1].as_symbol() {
            Some("true") => true,
            Some("false") => false,
            _ => return Err(syntax::expected("`true` or `false`", &args[1])),
        };
        if names.len() >= MAX_ATTRIBUTES {
            return Err(CompileError::new(
                CompileErrorKind::TooMany {
                    what: "attributes",
                    max: MAX_ATTRIBUTES,
                },
                form.span,
            ));
        }
        let (bit, fresh) = names.insert_full(name.to_string());
        if !fresh {
            return Err(duplicate("attribute", name, form));
        }
        if on {
            defaults |= 1 << bit;
        }
    }
    Ok((names, defaults))
}

/// `(turn-variable NAME)`.
pub(crate) fn turn_variables(items: &[Node]) -> Result<IndexSet<String>> {
    let mut names = IndexSet::new();
    for form in clauses(items, "turn-variable") {
        let parts = syntax::list(form, "`(turn-variable NAME)`")?;
        let args = syntax::arity::<1>("turn-variable", parts, form.span)?;
        let name = syntax::symbol(&args[0], "a variable name")?;
        if names.len() >= MAX_TURN_VARIABLES {
            return Err(CompileError::new(
                CompileErrorKind::TooMany {
                    what: "turn variables",
                    max: MAX_TURN_VARIABLES,
                },
                form.span,
            ));
        }
        if !names.insert(name.to_string()) {
            return Err(duplicate("turn-variable", name, form));
        }
    }
    Ok(names)
}

/// `(royal PIECE ...)`: `royal[kind]`.
pub(crate) fn royal(items: &[Node], pieces: &IndexSet<String>) -> Result<Vec<bool>> {
    let mut royal = vec![false; pieces.len()];
    for form in clauses(items, "royal") {
        let parts = syntax::list(form, "`(royal PIECE ...)`")?;
        for node in syntax::args(parts) {
            let kind = piece_kind(pieces, node)?;
            if let Some(flag) = royal.get_mut(kind.index()) {
                *flag = true;
            }
        }
    }
    Ok(royal)
}

/// `(attacks forward)` (the default) or `(attacks reversible)`.
pub(crate) fn attacks(items: &[Node]) -> Result<AttackTest> {
    let mut found = None;
    for form in clauses(items, "attacks") {
        if found.is_some() {
            return Err(duplicate("attacks", "", form));
        }
        let parts = syntax::list(form, "`(attacks forward)` or `(attacks reversible)`")?;
        let args = syntax::arity::<1>("attacks", parts, form.span)?;
        found = Some(match args[0].as_symbol() {
            Some("forward") => AttackTest::Forward,
            Some("reversible") => AttackTest::Reversible,
            _ => return Err(syntax::expected("`forward` or `reversible`", &args[0])),
        });
    }
    Ok(found.unwrap_or_default())
}

/// `(loss checkmated)`, `(draw stalemated)`, `(loss no-moves)`, ... in the order written, and
/// the goals that look at the game's history: `(draw (repetition 3))`,
/// `(draw (quiet-moves 100 Pawn))`.
pub(crate) fn goals(
    items: &[Node],
    pieces: &IndexSet<String>,
) -> Result<(Vec<Goal>, Vec<HistoryGoal>)> {
    let mut goals = Vec::new();
    let mut history = Vec::new();
    for form in items {
        let outcome = match form.head() {
            Some("win") => Outcome::Win,
            Some("loss") => Outcome::Loss,
            Some("draw") => Outcome::Draw,
            _ => continue,
        };
        let parts = syntax::list(form, "a goal such as `(loss checkmated)`")?;
        let args = syntax::arity::<1>(form.head().unwrap_or(""), parts, form.span)?;
        if let Some(rule) = args[0].as_list() {
            history.push(HistoryGoal {
                outcome,
                rule: history_rule(&args[0], rule, pieces)?,
            });
            continue;
        }
        let condition = match args[0].as_symbol() {
            Some("no-moves") => GoalCondition::NoMoves,
            Some("checkmated") => GoalCondition::Checkmated,
            Some("stalemated") => GoalCondition::Stalemated,
            _ => {
                return Err(syntax::expected(
                    "`no-moves`, `checkmated`, `stalemated`, `(repetition N)` or \
                     `(quiet-moves N PIECE ...)`",
                    &args[0],
                ))
            }
        };
        goals.push(Goal { outcome, condition });
    }
    Ok((goals, history))
}

/// A count in a history rule: at least 1.
fn count(node: &Node, what: &str) -> Result<u32> {
    let n = syntax::int(node, what)?;
    u32::try_from(n)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| syntax::expected(what, node))
}

fn history_rule(form: &Node, parts: &[Node], pieces: &IndexSet<String>) -> Result<HistoryRule> {
    match form.head() {
        Some("repetition") => {
            let args = syntax::arity::<1>("repetition", parts, form.span)?;
            Ok(HistoryRule::Repetition {
                times: count(&args[0], "a number of times (at least 1)")?,
            })
        }
        Some("quiet-moves") => {
            let args = syntax::args(parts);
            let (first, rest) = args
                .split_first()
                .ok_or_else(|| syntax::expected("`(quiet-moves N PIECE ...)`", form))?;
            Ok(HistoryRule::QuietMoves {
                plies: count(first, "a number of moves (at least 1)")?,
                resets: rest
                    .iter()
                    .map(|n| piece_kind(pieces, n))
                    .collect::<Result<_>>()?,
            })
        }
        _ => Err(syntax::expected(
            "`(repetition N)` or `(quiet-moves N PIECE ...)`",
            form,
        )),
    }
}

/// A score in an evaluation: a number that fits the language's integers.
fn score(node: &Node) -> Result<Score> {
    let n = syntax::int(node, "a number")?;
    Score::try_from(n)
        .map_err(|_| syntax::expected("a number between -2147483648 and 2147483647", node))
}

/// `(evaluation (piece-values (Man 100) ...) (piece-table KIND [PLAYER] N ...) (mobility N))`,
/// or the default when the game has none.
pub(crate) fn evaluation(items: &[Node], names: &Declared<'_>) -> Result<Evaluation> {
    let mut eval = Evaluation::default_for(names.players.len(), names.pieces.len());
    let mut forms = clauses(items, "evaluation");
    let Some(form) = forms.next() else {
        return Ok(eval);
    };
    if let Some(second) = forms.next() {
        return Err(duplicate("evaluation", "", second));
    }
    eval.declared = true;
    eval.mobility = 0;
    // Tables given for one player only; the others get theirs turned half a turn.
    let mut given: Vec<Vec<bool>> = vec![vec![false; names.pieces.len()]; names.players.len()];
    let parts = syntax::list(form, "an `(evaluation ...)` clause")?;
    for clause in syntax::args(parts) {
        let items = syntax::list(
            clause,
            "`(piece-values ...)`, `(piece-table ...)` or `(mobility N)`",
        )?;
        match clause.head() {
            Some("piece-values") => {
                for pair in syntax::args(items) {
                    let entry = syntax::list(pair, "`(PIECE VALUE)`")?;
                    let [kind, value] = <&[Node; 2]>::try_from(entry)
                        .map_err(|_| syntax::expected("`(PIECE VALUE)`", pair))?;
                    let kind = piece_kind(names.pieces, kind)?;
                    if let Some(slot) = eval.values.get_mut(kind.index()) {
                        *slot = score(value)?;
                    }
                }
            }
            Some("piece-table") => {
                let args = syntax::args(items);
                let (kind, rest) = args.split_first().ok_or_else(|| {
                    syntax::expected("`(piece-table PIECE [PLAYER] N ...)`", clause)
                })?;
                let kind = piece_kind(names.pieces, kind)?;
                let (owner, numbers) = match rest.split_first() {
                    Some((first, numbers)) if first.as_symbol().is_some() => {
                        (Some(player(names.players, first)?), numbers)
                    }
                    _ => (None, rest),
                };
                if numbers.len() != names.board.len() {
                    return Err(CompileError::new(
                        CompileErrorKind::Arity {
                            form: "piece-table".into(),
                            expected: format!(
                                "{} numbers (one per board position)",
                                names.board.len()
                            ),
                            found: numbers.len(),
                        },
                        clause.span,
                    ));
                }
                let table: Vec<Score> = numbers.iter().map(score).collect::<Result<_>>()?;
                let owner = owner.unwrap_or(PlayerId(0));
                let turned: Vec<Score> = table.iter().rev().copied().collect();
                for (p, tables) in eval.tables.iter_mut().enumerate() {
                    let given_here = given.get_mut(p).and_then(|g| g.get_mut(kind.index()));
                    let Some(given_here) = given_here else {
                        continue;
                    };
                    let slot = tables.get_mut(kind.index());
                    let Some(slot) = slot else { continue };
                    if p == owner.index() {
                        if *given_here {
                            return Err(duplicate(
                                "piece-table",
                                names
                                    .pieces
                                    .get_index(kind.index())
                                    .map_or("", String::as_str),
                                clause,
                            ));
                        }
                        *given_here = true;
                        *slot = Some(table.clone());
                    } else if !*given_here {
                        *slot = Some(turned.clone());
                    }
                }
            }
            Some("mobility") => {
                let args = syntax::arity::<1>("mobility", items, clause.span)?;
                eval.mobility = score(&args[0])?;
            }
            _ => {
                return Err(syntax::expected(
                    "`(piece-values ...)`, `(piece-table ...)` or `(mobility N)`",
                    clause,
                ))
            }
        }
    }
    Ok(eval)
}

/// `(fen pdn ...)` or `(fen standard ...)`.
pub(crate) fn fen(form: &Node, names: &Declared<'_>) -> Result<FenSpec> {
    let parts = syntax::list(form, "a `(fen ...)` clause")?;
    let style = parts
        .get(1)
        .ok_or_else(|| syntax::expected("a FEN style (`pdn` or `standard`)", form))?;
    let rest = parts.get(2..).unwrap_or(&[]);
    match style.as_symbol() {
        Some("pdn") => Ok(FenSpec::Pdn(pdn(form, rest, names)?)),
        Some("standard") => Ok(FenSpec::Standard(standard(form, rest, names)?)),
        _ => Err(syntax::expected("the FEN style `pdn` or `standard`", style)),
    }
}

/// `(fen pdn (W White) (B Black) (man Man) (king King))`.
fn pdn(form: &Node, rest: &[Node], names: &Declared<'_>) -> Result<PdnSpec> {
    let mut colors = Vec::new();
    let (mut man, mut king) = (None, None);
    for clause in rest {
        let list = syntax::list(clause, "`(LETTER PLAYER)`, `(man PIECE)` or `(king PIECE)`")?;
        let [head, value] = list else {
            return Err(syntax::expected(
                "a pair such as `(W White)` or `(man Man)`",
                clause,
            ));
        };
        let head_name = syntax::symbol(head, "a colour letter, `man` or `king`")?;
        match head_name {
            "man" => man = Some(piece_kind(names.pieces, value)?),
            "king" => king = Some(piece_kind(names.pieces, value)?),
            letter => {
                let c = one_letter(letter, head, "a one-letter colour such as `W`")?;
                colors.push((c, player(names.players, value)?));
            }
        }
    }
    let man = man.ok_or_else(|| syntax::expected("a `(man PIECE)` pair", form))?;
    let king = king.ok_or_else(|| syntax::expected("a `(king PIECE)` pair", form))?;
    Ok(PdnSpec { colors, man, king })
}

fn one_letter(text: &str, node: &Node, what: &str) -> Result<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii_digit() => Ok(c),
        _ => Err(syntax::expected(what, node)),
    }
}

/// `(fen standard (pieces (P White Pawn) ...) (turn (w White) ...) [(castling ATTR (K e1 h1)
/// ...)] [(en-passant TURN-VARIABLE)])`.
fn standard(form: &Node, rest: &[Node], names: &Declared<'_>) -> Result<StandardFen> {
    if names.board.dims().len() != 2 {
        return Err(syntax::expected(
            "a two-dimensional board (standard FEN lists rows of squares)",
            form,
        ));
    }
    let mut spec = StandardFen {
        letters: Vec::new(),
        turn: Vec::new(),
        castling: None,
        en_passant: None,
    };
    for clause in rest {
        let list = syntax::list(
            clause,
            "`(pieces ...)`, `(turn ...)`, `(castling ...)` or `(en-passant ...)`",
        )?;
        let args = syntax::args(list);
        match clause.head() {
            Some("pieces") => {
                for entry in args {
                    let [letter, owner, kind] = syntax::list(entry, "`(LETTER PLAYER PIECE)`")?
                    else {
                        return Err(syntax::expected("`(LETTER PLAYER PIECE)`", entry));
                    };
                    let c = one_letter(
                        syntax::symbol(letter, "a piece letter")?,
                        letter,
                        "a one-letter name such as `P`",
                    )?;
                    if spec.letters.iter().any(|(l, _)| *l == c) {
                        return Err(duplicate("piece letter", &c.to_string(), letter));
                    }
                    let piece = Piece {
                        owner: player(names.players, owner)?,
                        kind: piece_kind(names.pieces, kind)?,
                        attrs: names.default_attrs,
                    };
                    spec.letters.push((c, piece));
                }
            }
            Some("turn") => {
                for entry in args {
                    let [letter, owner] = syntax::list(entry, "`(LETTER PLAYER)`")? else {
                        return Err(syntax::expected("`(LETTER PLAYER)`", entry));
                    };
                    let c = one_letter(
                        syntax::symbol(letter, "a letter")?,
                        letter,
                        "a one-letter name such as `w`",
                    )?;
                    spec.turn.push((c, player(names.players, owner)?));
                }
            }
            Some("castling") => {
                let (attr, rights) = args
                    .split_first()
                    .ok_or_else(|| syntax::expected("an attribute name", clause))?;
                let attr_name = syntax::symbol(attr, "an attribute name")?;
                let attribute = names
                    .attributes
                    .get_index_of(attr_name)
                    .ok_or_else(|| unknown("attribute", attr_name, attr))?
                    as u8;
                let mut castling = Castling {
                    attribute,
                    rights: Vec::new(),
                };
                for right in rights {
                    let items = syntax::list(right, "`(LETTER SQUARE ...)`")?;
                    let (letter, squares) = items
                        .split_first()
                        .ok_or_else(|| syntax::expected("`(LETTER SQUARE ...)`", right))?;
                    let c = one_letter(
                        syntax::symbol(letter, "a letter")?,
                        letter,
                        "a one-letter name such as `K`",
                    )?;
                    let squares = squares
                        .iter()
                        .map(|sq| {
                            let text = sq.to_string();
                            names
                                .board
                                .lookup(&text)
                                .ok_or_else(|| unknown("position", &text, sq))
                        })
                        .collect::<Result<Vec<_>>>()?;
                    castling.rights.push((c, squares));
                }
                spec.castling = Some(castling);
            }
            Some("en-passant") => {
                let [var] = args else {
                    return Err(syntax::expected("`(en-passant TURN-VARIABLE)`", clause));
                };
                let name = syntax::symbol(var, "a turn variable")?;
                spec.en_passant = Some(
                    names
                        .turn_variables
                        .get_index_of(name)
                        .ok_or_else(|| unknown("turn variable", name, var))?,
                );
            }
            _ => {
                return Err(syntax::expected(
                    "`(pieces ...)`, `(turn ...)`, `(castling ...)` or `(en-passant ...)`",
                    clause,
                ))
            }
        }
    }
    if spec.letters.is_empty() {
        return Err(syntax::expected("a `(pieces ...)` clause", form));
    }
    if spec.turn.is_empty() {
        return Err(syntax::expected("a `(turn ...)` clause", form));
    }
    Ok(spec)
}
