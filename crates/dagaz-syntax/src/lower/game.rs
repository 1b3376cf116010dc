//! The `game` form and its clauses.

use super::Lower;
use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::keyword::Keyword;
use crate::shape::{self, Result};
use crate::tree::{
    Attribute, BoardRef, CapturesToHand, EndScore, Endgame, Evaluation, Formation, Game, Goal,
    GoalCondition, GoalProgram, HandEntry, Ident, Material, MoveNotation, Outcome, Pass,
    PieceGroup, PieceTable, Player, Players, Search, Seeds, SideCount, Superko, Symmetry,
    TurnVariable, Turns, UniqueMoves, Zone,
};
use dagaz_sexpr::{Node, Span};

/// The clauses of `game` that may be written only once: a second is an error.
const ONCE: [Keyword; 10] = [
    Keyword::Fen,
    Keyword::Notation,
    Keyword::Attacks,
    Keyword::Evaluation,
    Keyword::CapturesToHand,
    Keyword::Pass,
    Keyword::Score,
    Keyword::Superko,
    Keyword::Search,
    Keyword::Turns,
];

impl Lower {
    /// `(game (name N) (board B) (players ...) ...)`.
    pub(super) fn game(&mut self, form: &Node) -> Game {
        let items = form.as_list().unwrap_or(&[]);
        let mut game = Game {
            name: self.ok(shape::name_of(items, form)),
            span: form.span,
            ..Game::default()
        };
        // The clauses that may be written only once, and an error the second time.
        let mut seen: Vec<Keyword> = Vec::new();
        for clause in shape::args(items) {
            let Some(keyword) = self.game_keyword(clause) else {
                continue;
            };
            let parts = clause.as_list().unwrap_or(&[]);
            if ONCE.contains(&keyword) {
                if seen.contains(&keyword) {
                    self.errors.push(SyntaxError::new(
                        SyntaxErrorKind::Duplicate(keyword.text().into(), String::new()),
                        clause.span,
                    ));
                } else {
                    seen.push(keyword);
                    self.once_clause(&mut game, keyword, clause, parts);
                }
            } else {
                self.game_clause(&mut game, keyword, clause, parts);
            }
        }
        if game.players.is_none() {
            self.errors
                .push(SyntaxError::expected("a `(players ...)` clause", form));
        }
        game
    }

    /// The keyword of a clause of `game`, or `None` (and an error) when it has none.
    fn game_keyword(&mut self, clause: &Node) -> Option<Keyword> {
        let Some(head) = clause.head() else {
            self.errors.push(SyntaxError::expected(
                "a clause such as `(players ...)`",
                clause,
            ));
            return None;
        };
        let keyword = Keyword::from_text(head).filter(|k| Keyword::GAME_CLAUSES.contains(k));
        if keyword.is_none() {
            self.errors.push(SyntaxError::new(
                SyntaxErrorKind::UnknownGameClause(head.to_string()),
                clause.span,
            ));
        }
        keyword
    }

    /// A clause that may be written once (`ONCE`), the first time.
    fn once_clause(&mut self, game: &mut Game, keyword: Keyword, clause: &Node, parts: &[Node]) {
        let (text, span) = (keyword.text(), clause.span);
        match keyword {
            Keyword::Fen => game.fen = self.fen(clause, parts),
            Keyword::Attacks => {
                let choices = [(Keyword::Forward, false), (Keyword::Reversible, true)];
                game.attacks_reversible = self.ok(one_of(text, parts, clause, choices));
            }
            Keyword::CapturesToHand => {
                game.captures_to_hand = Some(self.captures_to_hand(clause, parts))
            }
            Keyword::Pass => {
                let choices = [
                    (Keyword::Always, Pass::Always),
                    (Keyword::WhenBlocked, Pass::WhenBlocked),
                ];
                game.pass = self
                    .ok(one_of(text, parts, clause, choices))
                    .map(|p| (p, span));
            }
            Keyword::Score => {
                let choices = [
                    (Keyword::Pieces, EndScore::Pieces),
                    (Keyword::Area, EndScore::Area),
                    (Keyword::Seeds, EndScore::Seeds),
                ];
                game.score = self
                    .ok(one_of(text, parts, clause, choices))
                    .map(|s| (s, span));
            }
            Keyword::Superko => {
                let choices = [
                    (Keyword::Positional, Superko::Positional),
                    (Keyword::Draw, Superko::Draw),
                ];
                game.superko = self
                    .ok(one_of(text, parts, clause, choices))
                    .map(|s| (s, span));
            }
            Keyword::Notation => {
                let choices = [
                    (Keyword::San, MoveNotation::San),
                    (Keyword::Shogi, MoveNotation::Shogi),
                ];
                game.notation = self
                    .ok(one_of(text, parts, clause, choices))
                    .map(|n| (n, span));
            }
            Keyword::Search => {
                let choices = [
                    (Keyword::AlphaBeta, Search::AlphaBeta),
                    (Keyword::Mcts, Search::Mcts),
                    (Keyword::MctsRave, Search::MctsRave),
                ];
                game.search = self
                    .ok(one_of(text, parts, clause, choices))
                    .map(|s| (s, span));
            }
            Keyword::Turns => game.turns = self.ok(turns(parts, span)),
            _ => game.evaluation = Some(self.evaluation(clause, parts)),
        }
    }

    /// Any other clause of `game`: those that may be repeated, and those of which only the
    /// first counts (the later ones are left alone without an error).
    fn game_clause(&mut self, game: &mut Game, keyword: Keyword, clause: &Node, parts: &[Node]) {
        let (text, span) = (keyword.text(), clause.span);
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
            Keyword::UniqueMoves if game.unique_moves.is_none() => {
                let choices = [
                    (Keyword::Actions, UniqueMoves::Actions),
                    (Keyword::Paths, UniqueMoves::Paths),
                    (Keyword::Effects, UniqueMoves::Effects),
                ];
                game.unique_moves = self.ok(one_of(text, parts, clause, choices));
            }
            Keyword::Attribute => {
                if let Some(attribute) = self.ok(attribute(parts, span)) {
                    game.attributes.push(attribute);
                }
            }
            Keyword::Royal => {
                for kind in shape::args(parts) {
                    if let Some(kind) = self.ok(shape::ident(kind, "a piece type")) {
                        game.royal.push(kind);
                    }
                }
            }
            Keyword::Chance => {
                for player in shape::args(parts) {
                    if let Some(player) = self.ok(shape::ident(player, "a player")) {
                        game.chance.push(player);
                    }
                }
            }
            Keyword::Goal => {
                if let Some(goal) = self.goal_program(clause, parts) {
                    game.goal_programs.push(goal);
                }
            }
            _ => self.repeated_clause(game, keyword, parts, span),
        }
    }

    /// `turn-variable`, the outcomes, `seeds` and `komi`: clauses written as often as needed.
    fn repeated_clause(&mut self, game: &mut Game, keyword: Keyword, parts: &[Node], span: Span) {
        let text = keyword.text();
        match keyword {
            Keyword::TurnVariable => {
                if let Some((name, keep)) = self.ok(turn_variable(text, parts, span)) {
                    game.turn_variables.push(TurnVariable { name, keep, span });
                }
            }
            Keyword::Win | Keyword::Loss | Keyword::Draw | Keyword::End => {
                let outcome = match keyword {
                    Keyword::Win => Outcome::Win,
                    Keyword::Loss => Outcome::Loss,
                    _ => Outcome::Draw,
                };
                // An optional name first: `(draw "the board is full" no-moves)`.
                let (name, rest) = goal_name(parts);
                let condition = shape::arity::<1>(text, &rest, span)
                    .and_then(|[condition]| goal_condition(condition));
                if let Some(condition) = self.ok(condition) {
                    game.goals.push(Goal {
                        outcome,
                        by_score: keyword == Keyword::End,
                        condition,
                        name,
                        span,
                    });
                }
            }
            Keyword::Seeds => {
                if let Some(seeds) = self.ok(seeds(text, parts, span)) {
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
            // `name`, and the clauses of which only the first counts.
            _ => {}
        }
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
        // `(goal win "three in a row" STATEMENT ...)`: the name stands after the result.
        let (name, rest) = goal_name(parts.get(1..).unwrap_or(&[]));
        let body = self.clause(super::Clause::Pre, clause, &rest);
        Some(GoalProgram {
            outcome,
            name,
            body,
            span: clause.span,
        })
    }

    /// `(captures-to-hand [to-owner] (FROM TO) ...)`.
    fn captures_to_hand(&mut self, clause: &Node, parts: &[Node]) -> CapturesToHand {
        const PAIR: &str = "a demotion such as `(Tokin Pawn)`";
        let args = shape::args(parts);
        let owner = |n: &Node| n.as_symbol() == Some(Keyword::ToOwner.text());
        let to_owner = args.first().is_some_and(owner);
        let demotions = args
            .iter()
            .skip(usize::from(to_owner))
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
            to_owner,
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

    /// `(evaluation (piece-values (PIECE N) ...) (piece-table PIECE [PLAYER] N ...) (mobility
    /// N) (phase (PIECE N) ...) (endgame (piece-values ...) (piece-table ...)))`.
    fn evaluation(&mut self, clause: &Node, parts: &[Node]) -> Evaluation {
        const WHAT: &str = "`(piece-values ...)`, `(piece-table ...)`, `(seed-table ...)`, \
                            `(stack-values ...)`, `(formation ...)`, `(mobility N)`, `(phase ...)` or `(endgame ...)`";
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
                Some(Keyword::SeedTable) => {
                    let table = self.piece_table(sub, items, Keyword::SeedTable);
                    eval.seed_tables.extend(table);
                }
                Some(Keyword::StackValues) => {
                    let table = self.piece_table(sub, items, Keyword::StackValues);
                    eval.stack_values.extend(table);
                }
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
            Some(Keyword::PieceTable) => {
                tables.extend(self.piece_table(sub, items, Keyword::PieceTable));
            }
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

    /// `(piece-table PIECE [PLAYER] N ...)`, or a `seed-table` (`form`) of the same shape:
    /// every number is checked.
    fn piece_table(&mut self, sub: &Node, items: &[Node], form: Keyword) -> Option<PieceTable> {
        let Some((kind, rest)) = shape::args(items).split_first() else {
            let shape = format!("`({} PIECE [PLAYER] N ...)`", form.text());
            self.errors.push(SyntaxError::expected(&shape, sub));
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

/// `(turn-variable NAME [keep])`: the name, and whether it keeps its value between turns.
fn turn_variable(text: &str, parts: &[Node], span: Span) -> Result<(Ident, bool)> {
    match shape::args(parts) {
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
    }
}

/// `(seeds N POS ...)`.
fn seeds(text: &str, parts: &[Node], span: Span) -> Result<Seeds> {
    match shape::args(parts) {
        [count, positions @ ..] => seed_count(count).map(|count| Seeds {
            count,
            positions: positions.iter().map(shape::written).collect(),
            span,
        }),
        [] => Err(shape::arity_at_least(text, 1, parts, span)),
    }
}

/// `(attribute NAME true|false)`.
fn attribute(parts: &[Node], span: Span) -> Result<Attribute> {
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

/// The name a goal may give itself, a string after its head (`goal win`, or `draw`), and the
/// items with the name left out, the head kept: `(draw "the board is full" no-moves)` gives
/// `the board is full` and `(draw no-moves)`.
fn goal_name(parts: &[Node]) -> (Option<String>, std::borrow::Cow<'_, [Node]>) {
    match parts {
        [head, named, rest @ ..] => match &named.kind {
            dagaz_sexpr::NodeKind::Str(name) => {
                let kept = std::iter::once(head).chain(rest).cloned().collect();
                (Some(name.clone()), std::borrow::Cow::Owned(kept))
            }
            _ => (None, std::borrow::Cow::Borrowed(parts)),
        },
        _ => (None, std::borrow::Cow::Borrowed(parts)),
    }
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

/// `(turns PLAYER ... [repeat PLAYER ...])`: the turns before `repeat` are played once, those
/// after it cycle; without `repeat` they all cycle. Which names are players the compiler
/// says.
fn turns(parts: &[Node], span: Span) -> Result<Turns> {
    let args = shape::args(parts);
    if args.is_empty() {
        let expected = "at least 1 argument".to_string();
        return Err(SyntaxError::arity(Keyword::Turns.text(), expected, 0, span));
    }
    let is_repeat = |n: &Node| n.as_symbol() == Some(Keyword::Repeat.text());
    let (once, cycle) = match args.iter().position(is_repeat) {
        Some(at) => (
            args.get(..at).unwrap_or(&[]),
            args.get(at + 1..).unwrap_or(&[]),
        ),
        None => (&[][..], args),
    };
    let players = |nodes: &[Node]| -> Result<Vec<Ident>> {
        nodes
            .iter()
            .map(|n| shape::ident(n, "a player name").and_then(|i| refuse_repeat(i, n)))
            .collect()
    };
    let (once, cycle) = (players(once)?, players(cycle)?);
    match args.last() {
        Some(last) if cycle.is_empty() => {
            Err(SyntaxError::expected("a player after `repeat`", last))
        }
        _ => Ok(Turns { once, cycle, span }),
    }
}

/// A player name of `turns`, which may not be a second `repeat`.
fn refuse_repeat(ident: Ident, node: &Node) -> Result<Ident> {
    if ident.text == Keyword::Repeat.text() {
        return Err(SyntaxError::expected(
            "a player name (one `repeat` only)",
            node,
        ));
    }
    Ok(ident)
}
