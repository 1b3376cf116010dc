//! From forms to [`Rules`]: the board, the players and their symmetries, each piece's command
//! chain, and the start position.
//!
//! `dagaz-syntax` lowers the forms to a typed tree first, with every shape error. The compiler
//! then resolves the names of that tree; it records each error and goes on with the next
//! statement, clause or piece, so one pass gives every error of a file.

use crate::board;
use crate::chain::{ChainCompiler, Names};
use crate::declarations;
use crate::error::{CompileError, LoadError};
use crate::placement::{self, Placer};
use crate::rules::{PieceType, Rules, SearchPreference};
use dagaz_ir::{Board, Dir, Op, PlayerId, Program, Zones};
use dagaz_sexpr::Node;
use dagaz_syntax::Keyword;
use indexmap::{IndexMap, IndexSet};

/// Reads and compiles a `.game` text; the first error of the text, if any.
pub fn load(text: &str) -> Result<Rules, LoadError> {
    let forms = dagaz_sexpr::read(text)?;
    Ok(compile(&forms)?)
}

/// Compiles the top-level forms of a game file: `(board ...)`, `(piece ...)`, `(define ...)`,
/// `(game ...)`. Fails with the first error in the order of the text.
pub fn compile(forms: &[Node]) -> Result<Rules, CompileError> {
    let (rules, errors) = compile_all(forms);
    match (rules, errors.into_iter().next()) {
        (Some(rules), None) => Ok(rules),
        (_, Some(e)) => Err(e),
        // Every way of not building rules records an error; this only keeps the promise.
        (None, None) => Err(CompileError::from(dagaz_syntax::SyntaxError::new(
            dagaz_syntax::SyntaxErrorKind::NoGame,
            Default::default(),
        ))),
    }
}

/// Compiles the top-level forms of a game file, and gives every error, in the order of the
/// text (each once). The rules are built as far as the errors allow, for the checks that look
/// at a compiled game (`dagaz check`); they are `None` when there is no game, board or player
/// to build them on. With an error, the rules leave its statement, clause or form out: they
/// must not be played.
pub fn compile_all(forms: &[Node]) -> (Option<Rules>, Vec<CompileError>) {
    let (file, syntax) = dagaz_syntax::parse(forms);
    let mut errors: Vec<CompileError> = syntax.into_iter().map(CompileError::from).collect();
    let rules = rules(&file, &mut errors);
    // A name read and never set is looked for in a game that compiled: after an error, it
    // may be a name the part left out declares (`dagaz check` filters those itself).
    if let (true, Some(rules)) = (errors.is_empty(), &rules) {
        errors.extend(crate::names::undeclared(rules));
    }
    crate::names::suggest(rules.as_ref(), forms, &mut errors);
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    errors.dedup();
    (rules, errors)
}

fn rules(file: &dagaz_syntax::File, errors: &mut Vec<CompileError>) -> Option<Rules> {
    let mut boards = named_boards(file, errors);
    let pieces = named_pieces(file, errors);
    let game = file.game()?;
    // A board that could not be built has its error already.
    let unbuilt = |name: &str| {
        file.boards()
            .any(|b| b.name.as_ref().is_some_and(|n| n.text == name))
    };
    let board = game_board(game, &mut boards, &unbuilt, file.boards().count(), errors)?;

    if pieces.len() > u8::MAX as usize {
        errors.push(CompileError::too_many(
            "piece types",
            u8::MAX as usize,
            game.span,
        ));
        return None;
    }
    let piece_names: IndexSet<String> = pieces.keys().cloned().collect();
    let players = player_names(game, errors)?;
    let symmetry = symmetries(game, &board, &players, errors);
    let zones = zones(game, &board, &players, errors);

    let [(attributes, default_attrs), (turn_variables, turn_keep)] =
        declarations::attributes_and_turn_variables(game, errors);
    let mut globals = IndexSet::new();
    let mut strings = IndexSet::new();
    let tiles = tiles(&pieces);
    // The names every chain resolves against; the globals and strings grow as chains use them.
    let mut names = Names {
        board: &board,
        pieces: &piece_names,
        players: &players,
        globals: &mut globals,
        strings: &mut strings,
        zones: &zones,
        attributes: &attributes,
        turn_variables: &turn_variables,
        tiles: &tiles,
        default_attrs,
    };
    // The view is resolved before the chains borrow the names it needs.
    let view_names = crate::view::Names {
        board: &board,
        players: &players,
        pieces: &piece_names,
        turn_variables: &turn_variables,
    };
    let view = crate::view::view(file.view(), &view_names, errors);
    let piece_types = piece_types(&pieces, &mut names, errors);
    let goal_programs = goal_programs(game, &mut names, errors);
    let declared = Declarations {
        board,
        players,
        symmetry,
        piece_names,
        zones,
        attributes,
        default_attrs,
        turn_variables,
        turn_keep,
    };
    let chains = Chains {
        piece_types,
        goal_programs,
        globals,
        strings,
    };
    let mut rules = assemble(game, declared, chains, errors);
    rules.view = view;
    Some(rules)
}

/// `(captures-to-hand ...)`: where captured pieces go, when the game says.
fn to_hand_rule(
    game: &dagaz_syntax::Game,
    d: &Declarations,
    errors: &mut Vec<CompileError>,
) -> Option<crate::ToHand> {
    game.captures_to_hand
        .as_ref()
        .map(|c| crate::hands::to_hand(c, &d.piece_names, &d.attributes, errors))
}

/// Whether a piece's chain holds a `turn-to`: only then does playing a move look for one.
fn turns_to(pieces: &[crate::PieceType]) -> bool {
    let has = |program: &dagaz_ir::Program| program.ops.contains(&dagaz_ir::Op::TurnTo);
    pieces
        .iter()
        .any(|p| has(&p.program) || p.drops.as_ref().is_some_and(has))
}

/// What a game declares, by name, before its chains are compiled.
struct Declarations {
    board: Board,
    players: IndexSet<String>,
    symmetry: Vec<Vec<Dir>>,
    piece_names: IndexSet<String>,
    zones: Zones,
    attributes: IndexSet<String>,
    default_attrs: u8,
    turn_variables: IndexSet<String>,
    turn_keep: u8,
}

/// The compiled chains of a game, with the globals and strings they use.
struct Chains {
    piece_types: Vec<PieceType>,
    goal_programs: Vec<crate::goals::GoalProgram>,
    globals: IndexSet<String>,
    strings: IndexSet<String>,
}

/// The rules, from the declarations and chains: the start position, the FEN, the goals, the
/// evaluation and the rest of the game's clauses.
fn assemble(
    game: &dagaz_syntax::Game,
    d: Declarations,
    mut chains: Chains,
    errors: &mut Vec<CompileError>,
) -> Rules {
    let pass = pass_rule(game);
    // A pass is written `pass`: the notation needs the string among the constants.
    chains.strings.extend(pass.map(|_| "pass".to_string()));
    let entries = game.players.as_ref().map_or(&[][..], |p| &p.players);
    let komi = komi(game, &d.players, errors);
    let to_hand = to_hand_rule(game, &d, errors);
    let mut hands = crate::hands::initial(entries, &d.players, &d.piece_names, errors);
    let pieces = &chains.piece_types;
    if hands.is_empty() && (to_hand.is_some() || pieces.iter().any(|p| p.drops.is_some())) {
        // Captures go to hands, or pieces drop from them: every hand starts empty.
        hands = vec![0; d.players.len() * pieces.len()];
    }
    let initial = initial(entries, &d, errors);
    let seeds = start_seeds(game, &d.board, pieces, &chains.goal_programs, errors);
    let turns_to = turns_to(pieces);
    let declared = declarations::Declared {
        board: &d.board,
        players: &d.players,
        symmetry: &d.symmetry,
        pieces: &d.piece_names,
        attributes: &d.attributes,
        default_attrs: d.default_attrs,
        turn_variables: &d.turn_variables,
    };
    let fen = game
        .fen
        .as_ref()
        .and_then(|fen| declarations::fen(fen, &declared, errors));
    let royal = declarations::royal(game, &d.piece_names, errors);
    let attacks = declarations::attacks(game);
    let (goals, history_goals) = declarations::goals(game, d.players.len(), &d.piece_names, errors);
    let evaluation = declarations::evaluation(game, &declared, &initial, errors);
    let name = game.name.clone().map(|n| n.text).unwrap_or_default();

    Rules {
        name,
        board: d.board,
        // Before `players`, which moves the names it reads.
        turns: crate::turns::compile(game, &d.players, errors),
        players: d.players,
        symmetry: d.symmetry,
        pieces: chains.piece_types,
        strings: chains.strings,
        globals: chains.globals,
        zones: d.zones,
        unique_by_path: game.unique_moves == Some(dagaz_syntax::UniqueMoves::Paths),
        unique_by_effect: game.unique_moves == Some(dagaz_syntax::UniqueMoves::Effects),
        fen,
        attributes: d.attributes,
        default_attrs: d.default_attrs,
        turn_variables: d.turn_variables,
        turn_keep: d.turn_keep,
        turns_to,
        royal,
        attacks,
        goals,
        history_goals,
        goal_programs: chains.goal_programs,
        pass,
        positional_superko: matches!(game.superko, Some((dagaz_syntax::Superko::Positional, _))),
        superko_draws: matches!(game.superko, Some((dagaz_syntax::Superko::Draw, _))),
        search: search(game),
        san: matches!(game.notation, Some((dagaz_syntax::MoveNotation::San, _))),
        asks_promotion: matches!(game.notation, Some((dagaz_syntax::MoveNotation::Shogi, _))),
        end_score: end_score(game),
        komi,
        hands,
        to_hand,
        evaluation,
        initial,
        seeds,
        view: crate::view::View::default(),
    }
}

/// The boards by name; a second board of a name is an error.
fn named_boards(
    file: &dagaz_syntax::File,
    errors: &mut Vec<CompileError>,
) -> IndexMap<String, Board> {
    let mut boards = IndexMap::new();
    for form in file.boards() {
        let Some(board) = board::board(form, errors) else {
            continue;
        };
        if boards.contains_key(board.name()) {
            let name = board.name().to_string();
            errors.push(CompileError::duplicate(
                Keyword::Board.text(),
                &name,
                form.span,
            ));
        } else {
            boards.insert(board.name().to_string(), board);
        }
    }
    boards
}

/// The pieces by name; a second piece of a name is an error.
fn named_pieces<'f>(
    file: &'f dagaz_syntax::File,
    errors: &mut Vec<CompileError>,
) -> IndexMap<String, &'f dagaz_syntax::Piece> {
    let mut pieces = IndexMap::new();
    for piece in file.pieces() {
        let Some(name) = &piece.name else { continue };
        if pieces.contains_key(&name.text) {
            errors.push(CompileError::duplicate(
                Keyword::Piece.text(),
                &name.text,
                piece.span,
            ));
        } else {
            pieces.insert(name.text.clone(), piece);
        }
    }
    pieces
}

/// The players' names in the order of `(players ...)`; `None` when there are too many.
fn player_names(
    game: &dagaz_syntax::Game,
    errors: &mut Vec<CompileError>,
) -> Option<IndexSet<String>> {
    let entries = game.players.as_ref().map_or(&[][..], |p| &p.players);
    let mut players = IndexSet::new();
    for entry in entries {
        if !players.insert(entry.name.text.clone()) {
            let what = "player";
            errors.push(CompileError::duplicate(
                what,
                &entry.name.text,
                entry.name.span,
            ));
        }
    }
    if players.len() > u8::MAX as usize {
        let span = game.players.as_ref().map_or(game.span, |p| p.span);
        errors.push(CompileError::too_many("players", u8::MAX as usize, span));
        return None;
    }
    Some(players)
}

/// The tile of each piece type, in the order of the file (`Program::tiles`); empty when no
/// type has one, so that the programs of other games carry no table.
fn tiles(pieces: &IndexMap<String, &dagaz_syntax::Piece>) -> Vec<u16> {
    let tiles: Vec<u16> = pieces.values().map(|p| p.tile).collect();
    match tiles.iter().any(|&t| t != 0) {
        true => tiles,
        false => Vec::new(),
    }
}

/// Each piece type with its compiled chains (moves, drops) and glyphs, in the order of the
/// file.
fn piece_types(
    pieces: &IndexMap<String, &dagaz_syntax::Piece>,
    names: &mut Names,
    errors: &mut Vec<CompileError>,
) -> Vec<PieceType> {
    let mut piece_types = Vec::with_capacity(pieces.len());
    for (piece_name, piece) in pieces {
        let (program, piece_errors) =
            ChainCompiler::new(names).piece(&piece.pre, &piece.moves, &piece.post);
        errors.extend(piece_errors);
        let drops = (!piece.drops.is_empty()).then(|| {
            let (program, drop_errors) = ChainCompiler::new(names).drops(&piece.drops);
            errors.extend(drop_errors);
            program
        });
        let glyphs = piece
            .glyphs
            .iter()
            .filter_map(|(who, c)| match crate::lookup::player(names.players, who) {
                Ok(p) => Some((p, *c)),
                Err(e) => {
                    errors.push(e);
                    None
                }
            })
            .collect();
        piece_types.push(PieceType {
            name: piece_name.clone(),
            program,
            drops,
            glyphs,
            notation: piece.notation.as_ref().map(|n| n.text.clone()),
            span: piece.name.as_ref().map_or(piece.span, |n| n.span),
        });
    }
    piece_types
}

/// The compiled `(goal ...)` chains, numbered from 1.
fn goal_programs(
    game: &dagaz_syntax::Game,
    names: &mut Names,
    errors: &mut Vec<CompileError>,
) -> Vec<crate::goals::GoalProgram> {
    let mut goal_programs = Vec::new();
    for (i, goal) in game.goal_programs.iter().enumerate() {
        let n = u16::try_from(i + 1).unwrap_or(u16::MAX);
        let (program, goal_errors) = ChainCompiler::new(names).goal(n, &goal.body);
        errors.extend(goal_errors);
        goal_programs.push(crate::goals::GoalProgram {
            outcome: match goal.outcome {
                dagaz_syntax::Outcome::Win => crate::goals::Outcome::Win,
                dagaz_syntax::Outcome::Loss => crate::goals::Outcome::Loss,
                dagaz_syntax::Outcome::Draw => crate::goals::Outcome::Draw,
            },
            name: goal.name.clone(),
            program,
            span: goal.span,
        });
    }
    goal_programs
}

/// `(pass always|when-blocked)`.
fn pass_rule(game: &dagaz_syntax::Game) -> Option<crate::goals::PassRule> {
    game.pass.map(|(p, _)| match p {
        dagaz_syntax::Pass::Always => crate::goals::PassRule::Always,
        dagaz_syntax::Pass::WhenBlocked => crate::goals::PassRule::WhenBlocked,
    })
}

/// `(score pieces|area|seeds)`.
fn end_score(game: &dagaz_syntax::Game) -> Option<crate::goals::EndScore> {
    game.score.map(|(s, _)| match s {
        dagaz_syntax::EndScore::Pieces => crate::goals::EndScore::Pieces,
        dagaz_syntax::EndScore::Area => crate::goals::EndScore::Area,
        dagaz_syntax::EndScore::Seeds => crate::goals::EndScore::Seeds,
    })
}

/// `(search ...)`: alpha-beta unless the game asks otherwise.
fn search(game: &dagaz_syntax::Game) -> SearchPreference {
    match game.search {
        None | Some((dagaz_syntax::Search::AlphaBeta, _)) => SearchPreference::AlphaBeta,
        Some((dagaz_syntax::Search::Mcts, _)) => SearchPreference::Mcts,
        Some((dagaz_syntax::Search::MctsRave, _)) => SearchPreference::MctsRave,
    }
}

/// The `(komi PLAYER POINTS)` clauses, in half points.
fn komi(
    game: &dagaz_syntax::Game,
    players: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> Vec<(PlayerId, i32)> {
    game.komi
        .iter()
        .filter_map(
            |(who, half_points, _)| match crate::lookup::player(players, who) {
                Ok(p) => Some((p, *half_points)),
                Err(e) => {
                    errors.push(e);
                    None
                }
            },
        )
        .collect()
}

/// The start position: every player's pieces placed on the board.
fn initial(
    entries: &[dagaz_syntax::Player],
    d: &Declarations,
    errors: &mut Vec<CompileError>,
) -> Vec<Option<dagaz_ir::Piece>> {
    let mut initial = vec![None; d.board.len()];
    let placer = Placer {
        board: &d.board,
        players: &d.players,
        pieces: &d.piece_names,
        attrs: d.default_attrs,
    };
    for entry in entries {
        let placed = placer.place_player(entry, &mut initial);
        errors.extend(placed.into_iter().map(placement::to_compile_error));
    }
    initial
}

/// The seeds each position starts with, from the `seeds` clauses; empty when the game keeps
/// none: it has no such clause, does not score by seeds and no chain reads or sets them.
fn start_seeds(
    game: &dagaz_syntax::Game,
    board: &Board,
    pieces: &[PieceType],
    goals: &[crate::goals::GoalProgram],
    errors: &mut Vec<CompileError>,
) -> Vec<u16> {
    let uses = |program: &Program| {
        program
            .ops
            .iter()
            .any(|op| matches!(op, Op::Seeds | Op::SetSeeds))
    };
    let keeps = !game.seeds.is_empty()
        || matches!(game.score, Some((dagaz_syntax::EndScore::Seeds, _)))
        || pieces
            .iter()
            .any(|p| uses(&p.program) || p.drops.as_ref().is_some_and(uses))
        || goals.iter().any(|g| uses(&g.program));
    if !keeps {
        return Vec::new();
    }
    let mut seeds = vec![0; board.len()];
    for clause in &game.seeds {
        for square in &clause.positions {
            match board.lookup(&square.text) {
                Some(pos) => {
                    if let Some(slot) = seeds.get_mut(pos.index()) {
                        *slot = clause.count;
                    }
                }
                None => errors.push(CompileError::unknown("position", &square.text, square.span)),
            }
        }
    }
    seeds
}

/// The board a game names with `(board NAME)`, or the only board when it names none. `None`,
/// with an error unless the board's own form already has one, when there is no such board.
fn game_board(
    game: &dagaz_syntax::Game,
    boards: &mut IndexMap<String, Board>,
    unbuilt: &dyn Fn(&str) -> bool,
    written: usize,
    errors: &mut Vec<CompileError>,
) -> Option<Board> {
    let game_form = format!("the form `({} ...)`", Keyword::Game);
    match &game.board {
        // A malformed `(board ...)` clause has its error.
        Some(clause) => {
            let name = clause.name.as_ref()?;
            let board = boards.shift_remove(&name.text);
            if board.is_none() && !unbuilt(&name.text) {
                errors.push(CompileError::unknown("board", &name.text, name.span));
            }
            board
        }
        None if written == 1 => boards.shift_remove_index(0).map(|(_, b)| b),
        None => {
            errors.push(CompileError::expected(
                "a `(board NAME)` clause naming the game's board",
                game_form,
                game.span,
            ));
            None
        }
    }
}

/// `(symmetry PLAYER (from to) ...)` clauses: per player, the direction each name stands for.
fn symmetries(
    game: &dagaz_syntax::Game,
    board: &Board,
    players: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> Vec<Vec<Dir>> {
    let identity: Vec<Dir> = (0..board.direction_count()).map(|d| Dir(d as u8)).collect();
    let mut table = vec![identity; players.len()];
    for symmetry in &game.symmetries {
        let who = &symmetry.player;
        let Some(player) = players.get_index_of(&who.text) else {
            errors.push(CompileError::unknown("player", &who.text, who.span));
            continue;
        };
        for (from, to) in &symmetry.pairs {
            let dir = |name: &dagaz_syntax::Ident| {
                board
                    .direction(&name.text)
                    .ok_or_else(|| CompileError::unknown("direction", &name.text, name.span))
            };
            match (dir(from), dir(to)) {
                (Ok(from), Ok(to)) => {
                    if let Some(slot) = table.get_mut(player).and_then(|t| t.get_mut(from.index()))
                    {
                        *slot = to;
                    }
                }
                (from, to) => errors.extend(from.err().into_iter().chain(to.err())),
            }
        }
    }
    table
}

/// `(zone (name Z) (players P ...) (positions POS ...))` clauses.
fn zones(
    game: &dagaz_syntax::Game,
    board: &Board,
    players: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> Zones {
    let mut zones = Zones::new(players.len(), board.len());
    for written in &game.zones {
        let zone = zones.declare(&written.name.text);
        let mut owners = Vec::new();
        for who in &written.players {
            match players.get_index_of(&who.text) {
                Some(id) => owners.push(PlayerId(id as u8)),
                None => errors.push(CompileError::unknown("player", &who.text, who.span)),
            }
        }
        let mut squares = Vec::new();
        for square in &written.positions {
            match board.lookup(&square.text) {
                Some(pos) => squares.push(pos),
                None => errors.push(CompileError::unknown("position", &square.text, square.span)),
            }
        }
        for &owner in &owners {
            for &pos in &squares {
                zones.add(zone, owner, pos);
            }
        }
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::Op;
    use pretty_assertions::assert_eq;

    /// Each error as its code and the text it points at.
    fn errors_of(text: &str) -> (Option<Rules>, Vec<(&'static str, String)>) {
        let forms = dagaz_sexpr::read(text).unwrap();
        let (rules, errors) = compile_all(&forms);
        let errors = errors
            .iter()
            .map(|e| (e.kind.code(), text[e.span.start..e.span.end].to_string()))
            .collect();
        (rules, errors)
    }

    #[test]
    fn one_compile_gives_every_error_in_the_order_of_the_text() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/bad/games/five-errors.game"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let (rules, errors) = errors_of(&text);
        let expected = [
            ("direction-offsets", "(dir (name e) 1 0 0)"),
            ("unknown-form", "jump"),
            ("not-assignable", "is-empty?"),
            ("arity", "(hop)"),
            ("unknown-game-clause", "(symetry Black (n s) (s n))"),
        ];
        let expected: Vec<(&str, String)> =
            expected.iter().map(|&(c, t)| (c, t.to_string())).collect();
        assert_eq!(errors, expected);
        // The rules are built around the errors, and `compile` fails with the first.
        let rules = rules.unwrap();
        assert_eq!(rules.pieces.len(), 2);
        assert_eq!(rules.board.direction_count(), 2);
        let forms = dagaz_sexpr::read(&text).unwrap();
        assert_eq!(
            compile(&forms).unwrap_err().span.start,
            text.find("(dir (name e)").unwrap()
        );
    }

    #[test]
    fn chance_players_are_known_and_an_unknown_one_is_an_error() {
        let text = r#"(board (name b) (dim "a-c") (dim "1"))
               (game (name t) (players (Dice) (White) (Black)) (chance Dice) (chance Nobody))"#;
        let (rules, errors) = errors_of(text);
        assert_eq!(errors, [("unknown-name", "Nobody".to_string())]);
        let turns = rules.unwrap().turns;
        assert!(turns.has_chance());
        let who: Vec<bool> = (0..3).map(|p| turns.is_chance(PlayerId(p))).collect();
        assert_eq!(who, [true, false, false]);
    }

    #[test]
    fn a_statement_with_an_error_is_left_out_and_the_others_compiled() {
        let (rules, errors) = errors_of(
            r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1))
               (piece (name Man) (move (let d (in-zone? top)) (log (in-zone? bottom)) (check d) (check n)))
               (piece (name King) (move (promote Queen) (take)))
               (game (name t) (players (White (Man a1) (King b1))))"#,
        );
        assert_eq!(
            errors,
            vec![
                ("unknown-name", "top".to_string()),
                ("unknown-name", "bottom".to_string()),
                ("unknown-name", "Queen".to_string()),
            ]
        );
        let rules = rules.unwrap();
        // The `let` is declared all the same, so `(check d)` reads the local.
        assert_eq!(
            rules.pieces[0].program.ops,
            vec![Op::CheckLocal(0), Op::Nav(dagaz_ir::Dir(0)), Op::Complete]
        );
        assert_eq!(rules.pieces[1].program.ops, vec![Op::Take, Op::Complete]);
        assert!(rules.globals.is_empty());
    }

    #[test]
    fn the_parts_of_a_game_that_compile_are_kept() {
        let (rules, errors) = errors_of(
            r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1) (numbers a1 a1))
               (piece (name Man)) (piece (name Man))
               (game (name t) (players (White (Man a1 z9)) (White) (Black (Pawn c3)))
                     (symmetry Red (n n)) (symmetry Black (n up)) (zone (name top) (players Blue) (positions a3 q9))
                     (attribute a true) (attribute a false) (royal Queen) (loss checkmated)
                     (draw (quiet-moves 50 Pawn)) (fen pdn (W White) (man Man) (king King)))"#,
        );
        let texts: Vec<&str> = errors.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "a1",
                "(piece (name Man))",
                "z9",
                "White",
                "Pawn",
                "Red",
                "up",
                "Blue",
                "q9",
                "(attribute a false)",
                "Queen",
                "Pawn",
                "King",
            ]
        );
        let rules = rules.unwrap();
        assert_eq!(rules.players.len(), 2);
        assert_eq!(rules.goals.len(), 1);
        assert_eq!(rules.attributes.len(), 1);
        assert!(rules.fen.is_none());
        assert!(rules.initial[6].is_some(), "a1 holds the man");
    }

    #[test]
    fn no_rules_without_a_game_or_a_board() {
        let (rules, errors) = errors_of("(piece (name Man))");
        assert!(rules.is_none());
        assert_eq!(errors, vec![("no-game", String::new())]);
        let (rules, errors) =
            errors_of(r#"(board (name b) (dim "a-")) (game (name t) (board b) (players (White)))"#);
        assert!(rules.is_none());
        assert_eq!(errors, vec![("bad-range", "\"a-\"".to_string())]);
        let (rules, errors) = errors_of("(game (name t) (board c) (players (White)))");
        assert!(rules.is_none());
        assert_eq!(errors, vec![("unknown-name", "c".to_string())]);
    }
}
