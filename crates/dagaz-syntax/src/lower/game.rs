//! The `game` form and its clauses.

use super::Lower;
use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::keyword::Keyword;
use crate::shape::{self, Result};
use crate::tree::{
    Attribute, BoardRef, CapturesToHand, EndScore, Endgame, Evaluation, Fen, FenCastling, FenCount,
    FenPiece, FenRanks, Formation, Game, Goal, GoalCondition, GoalProgram, HandEntry, Ident,
    Letter, Material, Outcome, Pass, PdnFen, PieceGroup, PieceTable, Player, Players, Search,
    Seeds, SideCount, StandardFen, Superko, Symmetry, TurnVariable, Zone,
};
use dagaz_sexpr::Node;

impl Lower {
    /// `(game (name N) (board B) (players ...) ...)`.
    pub(super) fn game(&mut self, form: &Node) -> Game {
        let items = form.as_list().unwrap_or(&[]);
        let mut game = Game {
            name: self.ok(shape::name_of(items, form)),
            span: form.span,
            ..Game::default()
        };
        let (mut fen, mut attacks, mut evaluation) = (false, false, false);
        let (mut to_hand, mut pass, mut score, mut superko) = (false, false, false, false);
        let mut search = false;
        for clause in shape::args(items) {
            let keyword = match clause.head() {
                Some(head) => {
                    match Keyword::from_text(head).filter(|k| Keyword::GAME_CLAUSES.contains(k)) {
                        Some(keyword) => keyword,
                        None => {
                            self.errors.push(SyntaxError::new(
                                SyntaxErrorKind::UnknownGameClause(head.to_string()),
                                clause.span,
                            ));
                            continue;
                        }
                    }
                }
                None => {
                    self.errors.push(SyntaxError::expected(
                        "a clause such as `(players ...)`",
                        clause,
                    ));
                    continue;
                }
            };
            let parts = clause.as_list().unwrap_or(&[]);
            let span = clause.span;
            let text = keyword.text();
            match keyword {
                Keyword::Board if game.board.is_none() => {
                    let name = shape::arity::<1>(text, parts, span)
                        .and_then(|[name]| shape::text(name, "a board name"));
                    game.board = Some(BoardRef {
                        name: self.ok(name),
                        span,
                    });
                }
                Keyword::Players if game.players.is_none() => {
                    game.players = Some(self.players(clause, parts));
                }
                Keyword::Symmetry => {
                    if let Some(symmetry) = self.symmetry(clause, parts) {
                        game.symmetries.push(symmetry);
                    }
                }
                Keyword::Zone => {
                    if let Some(zone) = self.zone(clause, parts) {
                        game.zones.push(zone);
                    }
                }
                Keyword::Fen
                | Keyword::Attacks
                | Keyword::Evaluation
                | Keyword::CapturesToHand
                | Keyword::Pass
                | Keyword::Score
                | Keyword::Superko
                | Keyword::Search => {
                    let seen = match keyword {
                        Keyword::Fen => &mut fen,
                        Keyword::Attacks => &mut attacks,
                        Keyword::CapturesToHand => &mut to_hand,
                        Keyword::Pass => &mut pass,
                        Keyword::Score => &mut score,
                        Keyword::Superko => &mut superko,
                        Keyword::Search => &mut search,
                        _ => &mut evaluation,
                    };
                    if std::mem::replace(seen, true) {
                        self.errors.push(SyntaxError::new(
                            SyntaxErrorKind::Duplicate(text.into(), String::new()),
                            span,
                        ));
                        continue;
                    }
                    match keyword {
                        Keyword::Fen => game.fen = self.fen(clause, parts),
                        Keyword::Attacks => {
                            game.attacks_reversible = self.ok(one_of(
                                text,
                                parts,
                                clause,
                                [(Keyword::Forward, false), (Keyword::Reversible, true)],
                            ))
                        }
                        Keyword::CapturesToHand => {
                            game.captures_to_hand = Some(self.captures_to_hand(clause, parts))
                        }
                        Keyword::Pass => {
                            game.pass = self
                                .ok(one_of(
                                    text,
                                    parts,
                                    clause,
                                    [
                                        (Keyword::Always, Pass::Always),
                                        (Keyword::WhenBlocked, Pass::WhenBlocked),
                                    ],
                                ))
                                .map(|p| (p, span))
                        }
                        Keyword::Score => {
                            game.score = self
                                .ok(one_of(
                                    text,
                                    parts,
                                    clause,
                                    [
                                        (Keyword::Pieces, EndScore::Pieces),
                                        (Keyword::Area, EndScore::Area),
                                        (Keyword::Seeds, EndScore::Seeds),
                                    ],
                                ))
                                .map(|s| (s, span))
                        }
                        Keyword::Superko => {
                            game.superko = self
                                .ok(one_of(
                                    text,
                                    parts,
                                    clause,
                                    [
                                        (Keyword::Positional, Superko::Positional),
                                        (Keyword::Draw, Superko::Draw),
                                    ],
                                ))
                                .map(|s| (s, span))
                        }
                        Keyword::Search => {
                            game.search = self
                                .ok(one_of(
                                    text,
                                    parts,
                                    clause,
                                    [
                                        (Keyword::AlphaBeta, Search::AlphaBeta),
                                        (Keyword::Mcts, Search::Mcts),
                                        (Keyword::MctsRave, Search::MctsRave),
                                    ],
                                ))
                                .map(|s| (s, span))
                        }
                        _ => game.evaluation = Some(self.evaluation(clause, parts)),
                    }
                }
                Keyword::UniqueMoves if game.unique_by_path.is_none() => {
                    game.unique_by_path = self.ok(one_of(
                        text,
                        parts,
                        clause,
                        [(Keyword::Actions, false), (Keyword::Paths, true)],
                    ));
                }
                Keyword::Attribute => {
                    if let Some(attribute) = self.ok(attribute(parts, span)) {
                        game.attributes.push(attribute);
                    }
                }
                Keyword::TurnVariable => {
                    let variable = match shape::args(parts) {
                        [name] => shape::ident(name, "a variable name").map(|n| (n, false)),
                        [name, keep] if keep.as_symbol() == Some(Keyword::Keep.text()) => {
                            shape::ident(name, "a variable name").map(|n| (n, true))
                        }
                        [_, other] => Err(SyntaxError::expected("`keep`", other)),
                        args => Err(SyntaxError::arity(
                            text,
                            "1 or 2 arguments".into(),
                            args.len(),
                            span,
                        )),
                    };
                    if let Some((name, keep)) = self.ok(variable) {
                        game.turn_variables.push(TurnVariable { name, keep, span });
                    }
                }
                Keyword::Royal => {
                    for kind in shape::args(parts) {
                        if let Some(kind) = self.ok(shape::ident(kind, "a piece type")) {
                            game.royal.push(kind);
                        }
                    }
                }
                Keyword::Win | Keyword::Loss | Keyword::Draw | Keyword::End => {
                    let outcome = match keyword {
                        Keyword::Win => Outcome::Win,
                        Keyword::Loss => Outcome::Loss,
                        _ => Outcome::Draw,
                    };
                    let condition = shape::arity::<1>(text, parts, span)
                        .and_then(|[condition]| goal_condition(condition));
                    if let Some(condition) = self.ok(condition) {
                        game.goals.push(Goal {
                            outcome,
                            by_score: keyword == Keyword::End,
                            condition,
                            span,
                        });
                    }
                }
                Keyword::Seeds => {
                    let seeds = match shape::args(parts) {
                        [count, positions @ ..] => seed_count(count).map(|count| Seeds {
                            count,
                            positions: positions.iter().map(shape::written).collect(),
                            span,
                        }),
                        [] => Err(shape::arity_at_least(text, 1, parts, span)),
                    };
                    if let Some(seeds) = self.ok(seeds) {
                        game.seeds.push(seeds);
                    }
                }
                Keyword::Komi => {
                    let komi = shape::arity::<2>(text, parts, span).and_then(|[who, points]| {
                        Ok((
                            shape::ident(who, "a player name")?,
                            half_points(points)?,
                            span,
                        ))
                    });
                    if let Some(komi) = self.ok(komi) {
                        game.komi.push(komi);
                    }
                }
                Keyword::Goal => {
                    if let Some(goal) = self.goal_program(clause, parts) {
                        game.goal_programs.push(goal);
                    }
                }
                // `name`, and the clauses of which only the first counts.
                _ => {}
            }
        }
        if game.players.is_none() {
            self.errors
                .push(SyntaxError::expected("a `(players ...)` clause", form));
        }
        game
    }

    /// `(players (PLAYER (PIECE POS ...) ...) ...)`.
    fn players(&mut self, clause: &Node, parts: &[Node]) -> Players {
        let entries = shape::args(parts);
        if entries.is_empty() {
            self.errors
                .push(SyntaxError::new(SyntaxErrorKind::NoPlayers, clause.span));
        }
        let players = entries
            .iter()
            .filter_map(|entry| {
                let player = self.player(entry);
                self.ok(player)
            })
            .collect();
        Players {
            players,
            span: clause.span,
        }
    }

    /// `(PLAYER (PIECE POS ...) ... [(hand (PIECE N) ...)])`; a bad group is left out, and the
    /// player kept.
    fn player(&mut self, entry: &Node) -> Result<Player> {
        let (name, items) = player_name(entry)?;
        let mut groups = Vec::new();
        let mut hand = Vec::new();
        for item in items {
            if shape::head(item) == Some(Keyword::Hand) {
                let entries = item.as_list().map_or(&[][..], shape::args);
                for e in entries {
                    if let Some(e) = self.ok(hand_entry(e)) {
                        hand.push(e);
                    }
                }
            } else if let Some(group) = self.ok(piece_group(item)) {
                groups.push(group);
            }
        }
        Ok(Player {
            name,
            groups,
            hand,
            span: entry.span,
        })
    }

    /// `(goal win|loss|draw STATEMENT ...)`.
    fn goal_program(&mut self, clause: &Node, parts: &[Node]) -> Option<GoalProgram> {
        let args = shape::args(parts);
        let outcome =
            args.first()
                .and_then(|o| o.as_symbol())
                .and_then(|o| match Keyword::from_text(o) {
                    Some(Keyword::Win) => Some(Outcome::Win),
                    Some(Keyword::Loss) => Some(Outcome::Loss),
                    Some(Keyword::Draw) => Some(Outcome::Draw),
                    _ => None,
                });
        let Some(outcome) = outcome else {
            self.errors.push(SyntaxError::expected(
                "`win`, `loss` or `draw` (the result for the player who made the move)",
                args.first().unwrap_or(clause),
            ));
            return None;
        };
        let body = self.clause(super::Clause::Pre, clause, parts.get(1..).unwrap_or(&[]));
        Some(GoalProgram {
            outcome,
            body,
            span: clause.span,
        })
    }

    /// `(captures-to-hand (FROM TO) ...)`.
    fn captures_to_hand(&mut self, clause: &Node, parts: &[Node]) -> CapturesToHand {
        const PAIR: &str = "a demotion such as `(Tokin Pawn)`";
        let demotions = shape::args(parts)
            .iter()
            .filter_map(|pair| {
                let ends = shape::list(pair, PAIR).and_then(|ends| match ends {
                    [from, to] => Ok((
                        shape::ident(from, "a piece type or an attribute")?,
                        shape::ident(to, "a piece type")?,
                    )),
                    _ => Err(SyntaxError::expected(PAIR, pair)),
                });
                self.ok(ends)
            })
            .collect();
        CapturesToHand {
            demotions,
            span: clause.span,
        }
    }

    /// `(symmetry PLAYER (FROM TO) ...)`.
    fn symmetry(&mut self, clause: &Node, parts: &[Node]) -> Option<Symmetry> {
        const PAIR: &str = "a pair of directions such as `(nw se)`";
        let Some((who, pairs)) = shape::args(parts).split_first() else {
            self.errors
                .push(SyntaxError::expected("a player name", clause));
            return None;
        };
        let player = self.ok(shape::ident(who, "a player name"))?;
        let pairs = pairs
            .iter()
            .filter_map(|pair| {
                let ends = shape::list(pair, PAIR).and_then(|ends| match ends {
                    [from, to] => Ok((
                        shape::ident(from, "a direction name")?,
                        shape::ident(to, "a direction name")?,
                    )),
                    _ => Err(SyntaxError::expected(PAIR, pair)),
                });
                self.ok(ends)
            })
            .collect();
        Some(Symmetry {
            player,
            pairs,
            span: clause.span,
        })
    }

    /// `(zone (name Z) (players P ...) (positions POS ...))`.
    fn zone(&mut self, clause: &Node, parts: &[Node]) -> Option<Zone> {
        let what = Keyword::list_clauses(Keyword::ZONE_CLAUSES);
        let name = self.ok(shape::name_of(parts, clause));
        let (mut players, mut positions) = (Vec::new(), Vec::new());
        for sub in shape::args(parts) {
            let Some(list) = self.ok(shape::list(sub, &what)) else {
                continue;
            };
            match shape::head(sub) {
                Some(Keyword::Name) => {}
                Some(Keyword::Players) => {
                    for who in shape::args(list) {
                        if let Some(who) = self.ok(shape::ident(who, "a player name")) {
                            players.push(who);
                        }
                    }
                }
                Some(Keyword::Positions) => {
                    positions.extend(shape::args(list).iter().map(shape::written));
                }
                _ => self.errors.push(SyntaxError::expected(&what, sub)),
            }
        }
        Some(Zone {
            name: name?,
            players,
            positions,
            span: clause.span,
        })
    }

    /// `(fen pdn ...)` or `(fen standard ...)`.
    fn fen(&mut self, clause: &Node, parts: &[Node]) -> Option<Fen> {
        let Some(style) = parts.get(1) else {
            self.errors.push(SyntaxError::expected(
                "a FEN style (`pdn`, `standard` or `sfen`)",
                clause,
            ));
            return None;
        };
        let rest = parts.get(2..).unwrap_or(&[]);
        match Keyword::from_text(style.as_symbol().unwrap_or("")) {
            Some(Keyword::Pdn) => self.pdn(clause, rest).map(Fen::Pdn),
            Some(Keyword::Standard) => self.standard(clause, rest).map(Fen::Standard),
            Some(Keyword::Sfen) => self.standard(clause, rest).map(|mut spec| {
                spec.sfen = true;
                Fen::Standard(spec)
            }),
            _ => {
                self.errors.push(SyntaxError::expected(
                    "the FEN style `pdn`, `standard` or `sfen`",
                    style,
                ));
                None
            }
        }
    }

    /// `(fen pdn (W White) (B Black) (man Man) (king King))`.
    fn pdn(&mut self, clause: &Node, rest: &[Node]) -> Option<PdnFen> {
        let mut colors = Vec::new();
        let (mut man, mut king) = (None, None);
        let (mut saw_man, mut saw_king) = (false, false);
        for pair in rest {
            let parts = shape::list(pair, "`(LETTER PLAYER)`, `(man PIECE)` or `(king PIECE)`")
                .and_then(|parts| match parts {
                    [head, value] => Ok((head, value)),
                    _ => Err(SyntaxError::expected(
                        "a pair such as `(W White)` or `(man Man)`",
                        pair,
                    )),
                })
                .and_then(|(head, value)| {
                    Ok((
                        shape::symbol(head, "a colour letter, `man` or `king`")?,
                        head,
                        value,
                    ))
                });
            let Some((head_text, head, value)) = self.ok(parts) else {
                continue;
            };
            match Keyword::from_text(head_text) {
                Some(Keyword::Man) => {
                    saw_man = true;
                    man = self.ok(shape::ident(value, "a piece type")).or(man);
                }
                Some(Keyword::King) => {
                    saw_king = true;
                    king = self.ok(shape::ident(value, "a piece type")).or(king);
                }
                _ => {
                    let color = shape::letter(
                        head,
                        "a colour letter, `man` or `king`",
                        "a one-letter colour such as `W`",
                    )
                    .and_then(|letter| Ok((letter, shape::ident(value, "a player name")?)));
                    if let Some(color) = self.ok(color) {
                        colors.push(color);
                    }
                }
            }
        }
        if !saw_man {
            self.errors
                .push(SyntaxError::expected("a `(man PIECE)` pair", clause));
        }
        if !saw_king {
            self.errors
                .push(SyntaxError::expected("a `(king PIECE)` pair", clause));
        }
        Some(PdnFen {
            colors,
            man: man?,
            king: king?,
            span: clause.span,
        })
    }

    /// `(fen standard (pieces ...) (turn ...) [(castling ...)] [(en-passant ...)])`.
    fn standard(&mut self, clause: &Node, rest: &[Node]) -> Option<StandardFen> {
        let mut spec = StandardFen {
            pieces: Vec::new(),
            turn: Vec::new(),
            castling: None,
            en_passant: None,
            counts: Vec::new(),
            forbidden_ranks: Vec::new(),
            hands: false,
            sfen: false,
            promoted: None,
            span: clause.span,
        };
        let (mut pieces, mut turn) = (0, 0);
        for sub in rest {
            let what = "`(pieces ...)`, `(turn ...)`, `(castling ...)`, `(en-passant ...)`, `(piece-count ...)`, `(forbidden-ranks ...)`, `(hands)` or `(promoted ...)`";
            let Some(list) = self.ok(shape::list(sub, what)) else {
                continue;
            };
            let args = shape::args(list);
            match shape::head(sub) {
                Some(Keyword::Pieces) => {
                    pieces += args.len();
                    for entry in args {
                        if let Some(piece) = self.ok(fen_piece(entry)) {
                            spec.pieces.push(piece);
                        }
                    }
                }
                Some(Keyword::Turn) => {
                    turn += args.len();
                    for entry in args {
                        if let Some(entry) = self.ok(fen_turn(entry)) {
                            spec.turn.push(entry);
                        }
                    }
                }
                Some(Keyword::Castling) => {
                    if let Some(castling) = self.ok(castling(sub, args)) {
                        spec.castling = Some(Box::new(castling));
                    }
                }
                Some(Keyword::EnPassant) => {
                    let name = match args {
                        [var] => shape::ident(var, "a turn variable"),
                        _ => Err(SyntaxError::expected("`(en-passant TURN-VARIABLE)`", sub)),
                    };
                    if let Some(name) = self.ok(name) {
                        spec.en_passant = Some(name);
                    }
                }
                Some(Keyword::PieceCount) => {
                    if let Some(count) = self.ok(fen_count(sub, args)) {
                        spec.counts.push(count);
                    }
                }
                Some(Keyword::Hands) => match args {
                    [] => spec.hands = true,
                    _ => self.errors.push(SyntaxError::expected("`(hands)`", sub)),
                },
                Some(Keyword::Promoted) => {
                    let name = match args {
                        [attribute] => shape::ident(attribute, "an attribute"),
                        _ => Err(SyntaxError::expected("`(promoted ATTRIBUTE)`", sub)),
                    };
                    if let Some(name) = self.ok(name) {
                        spec.promoted = Some(name);
                    }
                }
                Some(Keyword::ForbiddenRanks) => {
                    if let Some(ranks) = self.ok(fen_ranks(sub, args)) {
                        spec.forbidden_ranks.push(ranks);
                    }
                }
                _ => self.errors.push(SyntaxError::expected(what, sub)),
            }
        }
        if pieces == 0 {
            self.errors
                .push(SyntaxError::expected("a `(pieces ...)` clause", clause));
        }
        if turn == 0 {
            self.errors
                .push(SyntaxError::expected("a `(turn ...)` clause", clause));
        }
        (pieces > 0 && turn > 0).then_some(spec)
    }

    /// `(evaluation (piece-values (PIECE N) ...) (piece-table PIECE [PLAYER] N ...) (mobility
    /// N) (phase (PIECE N) ...) (endgame (piece-values ...) (piece-table ...)))`.
    fn evaluation(&mut self, clause: &Node, parts: &[Node]) -> Evaluation {
        const WHAT: &str = "`(piece-values ...)`, `(piece-table ...)`, `(formation ...)`, \
                            `(mobility N)`, `(phase ...)` or `(endgame ...)`";
        let mut eval = Evaluation {
            span: clause.span,
            ..Evaluation::default()
        };
        for sub in shape::args(parts) {
            let Some(items) = self.ok(shape::list(sub, WHAT)) else {
                continue;
            };
            let (values, tables) = (&mut eval.piece_values, &mut eval.piece_tables);
            if self.material(sub, items, values, tables, &mut eval.formations) {
                continue;
            }
            match shape::head(sub) {
                Some(Keyword::Mobility) => {
                    let n = shape::arity::<1>(Keyword::Mobility.text(), items, sub.span)
                        .and_then(|[n]| score(n));
                    if let Some(n) = self.ok(n) {
                        eval.mobility = Some(n);
                    }
                }
                Some(Keyword::Phase) => self.pairs(items, &mut eval.phase),
                Some(Keyword::Endgame) => eval.endgame = Some(self.endgame(sub, items)),
                _ => self.errors.push(SyntaxError::expected(WHAT, sub)),
            }
        }
        eval
    }

    /// A `(piece-values ...)` onto `values`, a `(piece-table ...)` onto `tables` or a
    /// `(formation ...)` onto `formations`, the clauses the evaluation and its endgame share:
    /// whether `sub` was one of them.
    fn material(
        &mut self,
        sub: &Node,
        items: &[Node],
        values: &mut Vec<(Ident, i32)>,
        tables: &mut Vec<PieceTable>,
        formations: &mut Vec<Formation>,
    ) -> bool {
        match shape::head(sub) {
            Some(Keyword::PieceValues) => self.pairs(items, values),
            Some(Keyword::PieceTable) => tables.extend(self.piece_table(sub, items)),
            Some(Keyword::Formation) => formations.extend(self.ok(formation(sub, items))),
            _ => return false,
        }
        true
    }

    /// The `(PIECE N)` pairs of a `piece-values` or `phase` clause, onto `into`.
    fn pairs(&mut self, items: &[Node], into: &mut Vec<(Ident, i32)>) {
        for pair in shape::args(items) {
            if let Some(value) = self.ok(piece_value(pair)) {
                into.push(value);
            }
        }
    }

    /// `(endgame (piece-values (PIECE N) ...) (piece-table PIECE [PLAYER] N ...) (formation
    /// ...))`.
    fn endgame(&mut self, clause: &Node, items: &[Node]) -> Endgame {
        const WHAT: &str = "`(piece-values ...)`, `(piece-table ...)` or `(formation ...)`";
        let mut endgame = Endgame {
            span: clause.span,
            ..Endgame::default()
        };
        for sub in shape::args(items) {
            let Some(parts) = self.ok(shape::list(sub, WHAT)) else {
                continue;
            };
            let (values, tables) = (&mut endgame.piece_values, &mut endgame.piece_tables);
            if !self.material(sub, parts, values, tables, &mut endgame.formations) {
                self.errors.push(SyntaxError::expected(WHAT, sub));
            }
        }
        endgame
    }

    /// `(piece-table PIECE [PLAYER] N ...)`: every number is checked.
    fn piece_table(&mut self, sub: &Node, items: &[Node]) -> Option<PieceTable> {
        let Some((kind, rest)) = shape::args(items).split_first() else {
            self.errors.push(SyntaxError::expected(
                "`(piece-table PIECE [PLAYER] N ...)`",
                sub,
            ));
            return None;
        };
        let kind = self.ok(shape::ident(kind, "a piece type"));
        let (player, numbers) = match rest.split_first() {
            Some((first, numbers)) if first.as_symbol().is_some() => {
                (shape::ident(first, "a player name").ok(), numbers)
            }
            _ => (None, rest),
        };
        let count = numbers.len();
        let numbers: Vec<i32> = numbers.iter().filter_map(|n| self.ok(score(n))).collect();
        (numbers.len() == count).then_some(())?;
        Some(PieceTable {
            kind: kind?,
            player,
            numbers,
            span: sub.span,
        })
    }
}

/// `(FORM WORD)` where WORD is one of `words`: its value.
fn one_of<T: Copy, const N: usize>(
    form: &str,
    parts: &[Node],
    clause: &Node,
    words: [(Keyword, T); N],
) -> Result<T> {
    let [word] = shape::arity::<1>(form, parts, clause.span)?;
    let keyword = word.as_symbol().and_then(Keyword::from_text);
    words
        .iter()
        .find(|(k, _)| Some(*k) == keyword)
        .map(|&(_, value)| value)
        .ok_or_else(|| {
            let names: Vec<Keyword> = words.iter().map(|&(k, _)| k).collect();
            SyntaxError::expected(&Keyword::list(&names), word)
        })
}

/// `(attribute NAME true|false)`.
fn attribute(parts: &[Node], span: dagaz_sexpr::Span) -> Result<Attribute> {
    let [name, default] = shape::arity::<2>(Keyword::Attribute.text(), parts, span)?;
    let name = shape::ident(name, "an attribute name")?;
    let default = match default.as_symbol().and_then(Keyword::from_text) {
        Some(Keyword::True) => true,
        Some(Keyword::False) => false,
        _ => return Err(SyntaxError::expected("`true` or `false`", default)),
    };
    Ok(Attribute {
        name,
        default,
        span,
    })
}

/// `(PLAYER (PIECE POS ...) ...)`, the shape of an entry of `players` and of a setup text: its
/// first mistake, or the entry.
pub fn player(entry: &Node) -> Result<Player> {
    let (name, items) = player_name(entry)?;
    let mut groups = Vec::new();
    let mut hand = Vec::new();
    for item in items {
        if shape::head(item) == Some(Keyword::Hand) {
            for e in item.as_list().map_or(&[][..], shape::args) {
                hand.push(hand_entry(e)?);
            }
        } else {
            groups.push(piece_group(item)?);
        }
    }
    Ok(Player {
        name,
        groups,
        hand,
        span: entry.span,
    })
}

/// `(PIECE N)` or `(PIECE unlimited)` in a `hand`.
fn hand_entry(entry: &Node) -> Result<HandEntry> {
    const WHAT: &str = "a hand entry such as `(Pawn 2)` or `(Stone unlimited)`";
    match shape::list(entry, WHAT)? {
        [kind, count] => {
            let kind = shape::ident(kind, "a piece type")?;
            let count = if count.as_symbol() == Some(Keyword::Unlimited.text()) {
                None
            } else {
                let n = shape::int(count, "a count or `unlimited`")?;
                Some(
                    u32::try_from(n)
                        .ok()
                        .filter(|&n| n <= MAX_HAND)
                        .ok_or_else(|| {
                            SyntaxError::expected("a count from 0 to 10000, or `unlimited`", count)
                        })?,
                )
            };
            Ok(HandEntry {
                kind,
                count,
                span: entry.span,
            })
        }
        _ => Err(SyntaxError::expected(WHAT, entry)),
    }
}

/// Points such as `7` or `7.5` (the reader reads `7.5` as a name), in half points.
/// The seeds of a `seeds` clause: what a position can hold.
fn seed_count(node: &Node) -> Result<u16> {
    match node.kind {
        dagaz_sexpr::NodeKind::Int(n) => u16::try_from(n).ok(),
        _ => None,
    }
    .ok_or_else(|| SyntaxError::expected("a number of seeds from 0 to 65535", node))
}

fn half_points(node: &Node) -> Result<i32> {
    const WHAT: &str = "points such as 7 or 7.5 (from 0 to 1000)";
    let text = match &node.kind {
        dagaz_sexpr::NodeKind::Int(n) => n.to_string(),
        dagaz_sexpr::NodeKind::Symbol(s) => s.clone(),
        _ => return Err(SyntaxError::expected(WHAT, node)),
    };
    let (whole, half) = match text.strip_suffix(".5") {
        Some(whole) => (whole, 1),
        None => (text.as_str(), 0),
    };
    whole
        .parse::<i32>()
        .ok()
        .filter(|n| (0..=1000).contains(n))
        .map(|n| n * 2 + half)
        .ok_or_else(|| SyntaxError::expected(WHAT, node))
}

/// The most pieces of one type a hand may hold at the start: far beyond any game, and small
/// enough that a count stays below the engine's "unlimited" mark.
pub const MAX_HAND: u32 = 10_000;

/// The player's name of an entry, and its groups.
fn player_name(entry: &Node) -> Result<(Ident, &[Node])> {
    let items = shape::list(entry, "a player clause such as `(White (Man a1 c1))`")?;
    let (who, groups) = items
        .split_first()
        .ok_or_else(|| SyntaxError::expected("a player name", entry))?;
    Ok((shape::ident(who, "a player name")?, groups))
}

/// `(PIECE POS ...)` in a player's entry.
fn piece_group(group: &Node) -> Result<PieceGroup> {
    let parts = shape::list(group, "a piece list such as `(Man a1 c1)`")?;
    let (kind, squares) = parts
        .split_first()
        .ok_or_else(|| SyntaxError::expected("a piece name", group))?;
    let kind = shape::ident(kind, "a piece name")?;
    let squares = squares
        .iter()
        .map(|square| match &square.kind {
            dagaz_sexpr::NodeKind::Symbol(_) | dagaz_sexpr::NodeKind::Int(_) => {
                Ok(shape::written(square))
            }
            _ => Err(SyntaxError::expected("a position name", square)),
        })
        .collect::<Result<_>>()?;
    Ok(PieceGroup {
        kind,
        squares,
        span: group.span,
    })
}

/// The condition of `(win X)`, `(loss X)` or `(draw X)`.
fn goal_condition(node: &Node) -> Result<GoalCondition> {
    if let Some(parts) = node.as_list() {
        return match shape::head(node) {
            Some(Keyword::Repetition) => {
                let [n] = shape::arity::<1>(Keyword::Repetition.text(), parts, node.span)?;
                Ok(GoalCondition::Repetition(count(
                    n,
                    "a number of times (at least 1)",
                )?))
            }
            Some(Keyword::QuietMoves) => {
                let (n, mut kinds) = shape::args(parts)
                    .split_first()
                    .ok_or_else(|| SyntaxError::expected("`(quiet-moves N PIECE ...)`", node))?;
                let mut material = None;
                if let Some((last, rest)) = kinds.split_last() {
                    if shape::head(last) == Some(Keyword::While) {
                        material = Some(material_of(last)?);
                        kinds = rest;
                    }
                }
                Ok(GoalCondition::QuietMoves {
                    plies: count(n, "a number of moves (at least 1)")?,
                    resets: kinds
                        .iter()
                        .map(|k| shape::ident(k, "a piece type or `(while SIDE SIDE)`"))
                        .collect::<Result<_>>()?,
                    material,
                })
            }
            _ => Err(SyntaxError::expected(
                "`(repetition N)` or `(quiet-moves N PIECE ...)`",
                node,
            )),
        };
    }
    match node.as_symbol().and_then(Keyword::from_text) {
        Some(Keyword::NoMoves) => Ok(GoalCondition::NoMoves),
        Some(Keyword::Checkmated) => Ok(GoalCondition::Checkmated),
        Some(Keyword::Stalemated) => Ok(GoalCondition::Stalemated),
        _ => Err(SyntaxError::expected(
            "`no-moves`, `checkmated`, `stalemated`, `(repetition N)` or \
             `(quiet-moves N PIECE ...)`",
            node,
        )),
    }
}

/// `(while (side ...) (side ...))`.
fn material_of(node: &Node) -> Result<Material> {
    let parts = shape::list(node, "`(while SIDE SIDE)`")?;
    let [a, b] = shape::arity::<2>(Keyword::While.text(), parts, node.span)?;
    Ok(Material {
        sides: [side_count(a)?, side_count(b)?],
        span: node.span,
    })
}

/// `(side (pieces LO [HI]) (PIECE LO [HI]) ...)`.
fn side_count(node: &Node) -> Result<SideCount> {
    const SHAPE: &str = "`(side (pieces LO HI) (PIECE LO HI) ...)`";
    let parts = node
        .as_list()
        .filter(|_| shape::head(node) == Some(Keyword::Side))
        .ok_or_else(|| SyntaxError::expected(SHAPE, node))?;
    let mut side = SideCount {
        pieces: None,
        kinds: Vec::new(),
        span: node.span,
    };
    for bound in shape::args(parts) {
        let items = shape::list(bound, "`(pieces LO HI)` or `(PIECE LO HI)`")?;
        let (name, numbers) = items
            .split_first()
            .ok_or_else(|| SyntaxError::expected("`(pieces LO HI)` or `(PIECE LO HI)`", bound))?;
        let name = shape::ident(name, "`pieces` or a piece type")?;
        let range = match numbers {
            [n] => {
                let n = bound_of(n)?;
                (n, n)
            }
            [lo, hi] => {
                let (lo, hi) = (bound_of(lo)?, bound_of(hi)?);
                if lo > hi {
                    return Err(SyntaxError::expected(
                        "a least count no greater than the most",
                        bound,
                    ));
                }
                (lo, hi)
            }
            _ => {
                return Err(SyntaxError::expected(
                    "one or two counts (LO, or LO HI)",
                    bound,
                ))
            }
        };
        if Keyword::from_text(&name.text) == Some(Keyword::Pieces) {
            if side.pieces.is_some() {
                return Err(SyntaxError::expected("one `(pieces ...)` a side", bound));
            }
            side.pieces = Some(range);
        } else {
            side.kinds.push((name, range.0, range.1));
        }
    }
    Ok(side)
}

/// A count of pieces in `(side ...)`: 0 or more.
fn bound_of(node: &Node) -> Result<u32> {
    const WHAT: &str = "a count of pieces (0 or more)";
    u32::try_from(shape::int(node, WHAT)?).map_err(|_| SyntaxError::expected(WHAT, node))
}

/// A count in a history rule: at least 1.
fn count(node: &Node, what: &str) -> Result<u32> {
    let n = shape::int(node, what)?;
    u32::try_from(n)
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| SyntaxError::expected(what, node))
}

/// A score in an evaluation: a number that fits the language's integers.
fn score(node: &Node) -> Result<i32> {
    let n = shape::int(node, "a number")?;
    i32::try_from(n)
        .map_err(|_| SyntaxError::expected("a number between -2147483648 and 2147483647", node))
}

/// `(formation PIECE (DIR ...) PIECE N)`.
fn formation(sub: &Node, items: &[Node]) -> Result<Formation> {
    let [from, dirs, to, weight] = shape::arity::<4>(Keyword::Formation.text(), items, sub.span)?;
    const DIRS: &str = "`(DIR ...)`, the directions from the first piece to the second";
    let written = dirs;
    let dirs = shape::list(written, DIRS)?;
    if dirs.is_empty() {
        return Err(SyntaxError::expected(DIRS, written));
    }
    Ok(Formation {
        from: shape::ident(from, "a piece type")?,
        dirs: dirs
            .iter()
            .map(|d| shape::ident(d, "a direction name"))
            .collect::<Result<_>>()?,
        to: shape::ident(to, "a piece type")?,
        weight: score(weight)?,
        span: sub.span,
    })
}

/// `(PIECE VALUE)` in `piece-values`.
fn piece_value(pair: &Node) -> Result<(Ident, i32)> {
    const WHAT: &str = "`(PIECE VALUE)`";
    match shape::list(pair, WHAT)? {
        [kind, value] => Ok((shape::ident(kind, "a piece type")?, score(value)?)),
        _ => Err(SyntaxError::expected(WHAT, pair)),
    }
}

/// `(LETTER PLAYER PIECE)` in `(pieces ...)`.
fn fen_piece(entry: &Node) -> Result<FenPiece> {
    const WHAT: &str = "`(LETTER PLAYER PIECE)`";
    let [letter, owner, kind] = shape::list(entry, WHAT)? else {
        return Err(SyntaxError::expected(WHAT, entry));
    };
    // `+P`: a letter after a plus (SFEN's promoted pieces).
    let plus = letter
        .as_symbol()
        .and_then(|s| s.strip_prefix('+'))
        .and_then(|rest| {
            let mut chars = rest.chars();
            chars.next().filter(|_| chars.next().is_none())
        });
    let (letter, plus) = match plus {
        Some(c) => (
            Letter {
                letter: c,
                span: letter.span,
            },
            true,
        ),
        None => (
            shape::letter(letter, "a piece letter", "a one-letter name such as `P`")?,
            false,
        ),
    };
    Ok(FenPiece {
        letter,
        plus,
        owner: shape::ident(owner, "a player name")?,
        kind: shape::ident(kind, "a piece type")?,
    })
}

/// `(piece-count PIECE MIN [MAX])` in `(fen standard ...)`.
fn fen_count(sub: &Node, args: &[Node]) -> Result<FenCount> {
    const WHAT: &str = "`(piece-count PIECE MIN [MAX])`";
    let (kind, min, max) = match args {
        [kind, min] => (kind, min, min),
        [kind, min, max] => (kind, min, max),
        _ => return Err(SyntaxError::expected(WHAT, sub)),
    };
    let count = |node: &Node| {
        shape::int(node, "a number of pieces").and_then(|n| {
            u32::try_from(n).map_err(|_| SyntaxError::expected("a number of pieces from 0", node))
        })
    };
    let (min_n, max_n) = (count(min)?, count(max)?);
    if max_n < min_n {
        return Err(SyntaxError::expected(
            "a largest number of pieces no smaller than the fewest",
            max,
        ));
    }
    Ok(FenCount {
        kind: shape::ident(kind, "a piece type")?,
        min: min_n,
        max: max_n,
        span: sub.span,
    })
}

/// `(forbidden-ranks PIECE RANK ...)` in `(fen standard ...)`.
fn fen_ranks(sub: &Node, args: &[Node]) -> Result<FenRanks> {
    let Some((kind, ranks)) = args.split_first().filter(|(_, ranks)| !ranks.is_empty()) else {
        return Err(SyntaxError::expected(
            "`(forbidden-ranks PIECE RANK ...)`",
            sub,
        ));
    };
    Ok(FenRanks {
        kind: shape::ident(kind, "a piece type")?,
        ranks: ranks.iter().map(shape::written).collect(),
    })
}

/// `(LETTER PLAYER)` in `(turn ...)`.
fn fen_turn(entry: &Node) -> Result<(Letter, Ident)> {
    const WHAT: &str = "`(LETTER PLAYER)`";
    let [letter, owner] = shape::list(entry, WHAT)? else {
        return Err(SyntaxError::expected(WHAT, entry));
    };
    Ok((
        shape::letter(letter, "a letter", "a one-letter name such as `w`")?,
        shape::ident(owner, "a player name")?,
    ))
}

/// `(castling ATTRIBUTE (LETTER POS ...) ...)`, with `(king PIECE)` and `(rook PIECE)` among
/// the rights when the king and rooks may start anywhere.
fn castling(sub: &Node, args: &[Node]) -> Result<FenCastling> {
    let (attribute, entries) = args
        .split_first()
        .ok_or_else(|| SyntaxError::expected("an attribute name", sub))?;
    let attribute = shape::ident(attribute, "an attribute name")?;
    let (mut rights, mut king, mut rook) = (Vec::new(), None, None);
    for entry in entries {
        const WHAT: &str = "`(LETTER SQUARE ...)`, `(king PIECE)` or `(rook PIECE)`";
        let items = shape::list(entry, WHAT)?;
        let (head, rest) = items
            .split_first()
            .ok_or_else(|| SyntaxError::expected(WHAT, entry))?;
        let piece = match head.as_symbol().and_then(Keyword::from_text) {
            Some(Keyword::King) => &mut king,
            Some(Keyword::Rook) => &mut rook,
            _ => {
                let letter = shape::letter(head, "a letter", "a one-letter name such as `K`")?;
                rights.push((letter, rest.iter().map(shape::written).collect()));
                continue;
            }
        };
        let [kind] = rest else {
            return Err(SyntaxError::expected("one piece type", entry));
        };
        *piece = Some(shape::ident(kind, "a piece type")?);
    }
    Ok(FenCastling {
        attribute,
        rights,
        king,
        rook,
    })
}
