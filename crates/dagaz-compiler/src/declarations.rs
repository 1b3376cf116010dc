//! The game clauses that declare state and rules rather than moves: attributes, turn
//! variables, royal pieces, the attack test, goals, the evaluation and the FEN style. Each
//! mistake is recorded and the clause (or the part of it) left out; the others go on.

use crate::error::CompileError;
use crate::evaluation::{Endgame, EvalScore, Evaluation, Formation};
use crate::formats::{Castling, CastlingRooks, FenSpec, PdnSpec, StandardFen};
use crate::goals::{Goal, GoalCondition, HistoryGoal, HistoryRule, Material, Outcome, SideCount};
use crate::lookup::{piece_kind, player};
use crate::rules::AttackTest;
use dagaz_ir::{Board, Dir, Piece, PieceKind, PlayerId, Pos, MAX_ATTRIBUTES, MAX_TURN_VARIABLES};
use dagaz_syntax::{Ident, Keyword, SyntaxErrorKind};
use indexmap::IndexSet;

type Result<T> = std::result::Result<T, CompileError>;

/// The game-wide names the clauses below refer to.
pub(crate) struct Declared<'a> {
    pub board: &'a Board,
    pub players: &'a IndexSet<String>,
    /// `symmetry[player][dir]`: the direction a player moves in when the game says `dir`.
    pub symmetry: &'a [Vec<Dir>],
    pub pieces: &'a IndexSet<String>,
    pub attributes: &'a IndexSet<String>,
    pub default_attrs: u8,
    pub turn_variables: &'a IndexSet<String>,
}

fn position(board: &Board, square: &Ident) -> Result<Pos> {
    board
        .lookup(&square.text)
        .ok_or_else(|| CompileError::unknown("position", &square.text, square.span))
}

/// `(attribute NAME true|false)` and `(turn-variable NAME [keep])`: the attributes' names
/// with the bits a newly placed piece has, and the turn variables' with the slots that keep
/// their value.
pub(crate) fn attributes_and_turn_variables(
    game: &dagaz_syntax::Game,
    errors: &mut Vec<CompileError>,
) -> [(IndexSet<String>, u8); 2] {
    let attributes = game
        .attributes
        .iter()
        .map(|a| (&a.name.text, a.span, a.default));
    let variables = game
        .turn_variables
        .iter()
        .map(|v| (&v.name.text, v.span, v.keep));
    let attribute = ("attributes", MAX_ATTRIBUTES);
    let variable = ("turn variables", MAX_TURN_VARIABLES);
    [
        numbered(attributes, attribute, Keyword::Attribute, errors),
        numbered(variables, variable, Keyword::TurnVariable, errors),
    ]
}

/// Names declared one by one (`(NAME, span, flag)`), numbered in order up to `max` of them
/// (`plural` names them in the error): the names, and a bit per slot whose declaration is
/// flagged. A name past the limit, or declared again, is an error and takes no slot.
fn numbered<'a>(
    declared: impl Iterator<Item = (&'a String, dagaz_sexpr::Span, bool)>,
    (plural, max): (&'static str, usize),
    keyword: Keyword,
    errors: &mut Vec<CompileError>,
) -> (IndexSet<String>, u8) {
    let mut names = IndexSet::new();
    let mut flagged = 0u8;
    for (name, span, flag) in declared {
        if names.len() >= max {
            errors.push(CompileError::too_many(plural, max, span));
        } else if !names.insert(name.clone()) {
            errors.push(CompileError::duplicate(keyword.text(), name, span));
        } else if flag {
            flagged |= 1 << (names.len() - 1);
        }
    }
    (names, flagged)
}

/// `(royal PIECE ...)`: `royal[kind]`.
pub(crate) fn royal(
    game: &dagaz_syntax::Game,
    pieces: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> Vec<bool> {
    let mut royal = vec![false; pieces.len()];
    for name in &game.royal {
        match piece_kind(pieces, name) {
            Ok(kind) => {
                if let Some(flag) = royal.get_mut(kind.index()) {
                    *flag = true;
                }
            }
            Err(e) => errors.push(e),
        }
    }
    royal
}

/// `(attacks forward)` (the default) or `(attacks reversible)`.
pub(crate) fn attacks(game: &dagaz_syntax::Game) -> AttackTest {
    match game.attacks_reversible {
        Some(true) => AttackTest::Reversible,
        _ => AttackTest::Forward,
    }
}

/// `(loss checkmated)`, `(draw stalemated)`, `(loss no-moves)`, ... in the order written, and
/// the goals that look at the game's history: `(draw (repetition 3))`,
/// `(draw (quiet-moves 100 Pawn))`.
pub(crate) fn goals(
    game: &dagaz_syntax::Game,
    players: usize,
    pieces: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> (Vec<Goal>, Vec<HistoryGoal>) {
    use dagaz_syntax::GoalCondition as Written;
    let mut goals = Vec::new();
    let mut history = Vec::new();
    for goal in &game.goals {
        let outcome = match goal.outcome {
            dagaz_syntax::Outcome::Win => Outcome::Win,
            dagaz_syntax::Outcome::Loss => Outcome::Loss,
            dagaz_syntax::Outcome::Draw => Outcome::Draw,
        };
        let by_history = |rule| HistoryGoal {
            outcome,
            by_score: goal.by_score,
            rule,
            name: goal.name.clone(),
        };
        let condition = match &goal.condition {
            Written::NoMoves => GoalCondition::NoMoves,
            Written::Checkmated => GoalCondition::Checkmated,
            Written::Stalemated => GoalCondition::Stalemated,
            Written::Repetition(times) => {
                history.push(by_history(HistoryRule::Repetition { times: *times }));
                continue;
            }
            Written::QuietMoves {
                plies,
                resets,
                material,
            } => {
                let before = errors.len();
                let resets: Vec<PieceKind> = resets
                    .iter()
                    .filter_map(|k| piece_kind(pieces, k).map_err(|e| errors.push(e)).ok())
                    .collect();
                let material = material
                    .as_ref()
                    .and_then(|m| material_of(m, players, pieces, errors));
                same_resets(&history, &resets, pieces, goal.span, errors);
                if errors.len() == before {
                    let plies = *plies;
                    let rule = HistoryRule::QuietMoves {
                        plies,
                        resets,
                        material,
                    };
                    history.push(by_history(rule));
                }
                continue;
            }
        };
        goals.push(Goal {
            outcome,
            by_score: goal.by_score,
            condition,
            name: goal.name.clone(),
        });
    }
    (goals, history)
}

/// One count serves every quiet-moves goal: they must agree on what restarts it. Records an
/// error when `resets` differs from the first goal's in `history`.
fn same_resets(
    history: &[HistoryGoal],
    resets: &[PieceKind],
    pieces: &IndexSet<String>,
    span: dagaz_sexpr::Span,
    errors: &mut Vec<CompileError>,
) {
    let first = history.iter().find_map(|g: &HistoryGoal| match &g.rule {
        HistoryRule::QuietMoves { resets, .. } => Some(resets),
        HistoryRule::Repetition { .. } => None,
    });
    // As sets: `Man King` and `King Man` restart the same count.
    let same = |first: &[PieceKind]| {
        first.iter().all(|k| resets.contains(k)) && resets.iter().all(|k| first.contains(k))
    };
    if let Some(first) = first.filter(|first| !same(first)) {
        let names = |kinds: &[PieceKind]| {
            kinds
                .iter()
                .filter_map(|k| pieces.get_index(k.index()))
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        errors.push(CompileError::expected(
            &format!(
                "the piece types of the game's first `quiet-moves` goal ({}): the \
                 goals share one count",
                names(first)
            ),
            names(resets),
            span,
        ));
    }
}

/// `(while (side ...) (side ...))` of a `quiet-moves` goal, in a game of two players.
fn material_of(
    written: &dagaz_syntax::Material,
    players: usize,
    pieces: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) -> Option<Material> {
    if players != 2 {
        let found = format!("a game of {players} players");
        errors.push(CompileError::expected(
            "a game of two players for `(while SIDE SIDE)`",
            found,
            written.span,
        ));
        return None;
    }
    let side = |side: &dagaz_syntax::SideCount, errors: &mut Vec<CompileError>| SideCount {
        pieces: side.pieces.unwrap_or((0, u32::MAX)),
        kinds: side
            .kinds
            .iter()
            .filter_map(|(name, lo, hi)| {
                let kind = piece_kind(pieces, name).map_err(|e| errors.push(e)).ok()?;
                Some((kind, *lo, *hi))
            })
            .collect(),
    };
    let [a, b] = &written.sides;
    Some(Material {
        sides: [side(a, errors), side(b, errors)],
    })
}

/// `(evaluation (piece-values (Man 100) ...) (piece-table KIND [PLAYER] N ...) (mobility N)
/// (phase (KIND N) ...) (endgame ...))`, or the default when the game has none. `initial` is
/// the start position, whose phase a tapered evaluation measures the others' by.
pub(crate) fn evaluation(
    game: &dagaz_syntax::Game,
    names: &Declared<'_>,
    initial: &[Option<Piece>],
    errors: &mut Vec<CompileError>,
) -> Evaluation {
    let mut eval = Evaluation::default_for(names.players.len(), names.pieces.len());
    let Some(written) = &game.evaluation else {
        return eval;
    };
    eval.declared = true;
    eval.mobility = written.mobility.unwrap_or(0);
    set_values(&written.piece_values, names, &mut eval.values, errors);
    // Tables given for one player only; the others get theirs turned half a turn.
    for (written, tables, form) in [
        (&written.piece_tables, &mut eval.tables, Keyword::PieceTable),
        (
            &written.seed_tables,
            &mut eval.seed_tables,
            Keyword::SeedTable,
        ),
    ] {
        let mut given = vec![vec![false; names.pieces.len()]; names.players.len()];
        for table in written {
            if let Err(e) = piece_table(table, names, (tables, &mut given), form) {
                errors.push(e);
            }
        }
    }
    for table in &written.stack_values {
        if let Err(e) = stack_values(table, names, &mut eval.stack_values) {
            errors.push(e);
        }
    }
    for written in &written.formations {
        match formation(written, names) {
            Ok(f) if eval.formations.iter().any(|g| same_formation(g, &f)) => {
                errors.push(duplicate_formation(written));
            }
            Ok(f) => eval.formations.push(f),
            Err(e) => errors.push(e),
        }
    }
    let phase_span = written.phase.first().map(|(name, _)| name.span);
    match (&written.endgame, phase_span) {
        (Some(end), _) => {
            let endgame = endgame(written, end, names, initial, &mut eval, errors);
            eval.endgame = Some(endgame);
        }
        (None, Some(span)) => errors.push(CompileError::expected(
            "an `(endgame ...)` clause for `(phase ...)` to blend the opening with",
            "none".into(),
            span,
        )),
        (None, None) => {}
    }
    eval
}

/// `(endgame ...)` with the `(phase ...)` it blends by: its values and tables, by default the
/// opening's; its formations reweigh the opening's in `eval`.
fn endgame(
    written: &dagaz_syntax::Evaluation,
    end: &dagaz_syntax::Endgame,
    names: &Declared<'_>,
    initial: &[Option<Piece>],
    eval: &mut Evaluation,
    errors: &mut Vec<CompileError>,
) -> Endgame {
    let mut phase = vec![0; names.pieces.len()];
    set_values(&written.phase, names, &mut phase, errors);
    for (name, weight) in &written.phase {
        if *weight < 0 {
            let found = format!("{weight}");
            errors.push(CompileError::expected(
                "a phase of 0 or more",
                found,
                name.span,
            ));
        }
    }
    let full: i64 = initial
        .iter()
        .flatten()
        .map(|p| i64::from(phase.get(p.kind.index()).copied().unwrap_or(0)))
        .sum();
    if full <= 0 {
        errors.push(CompileError::expected(
            "a `(phase (PIECE N) ...)` clause giving the start position's pieces a phase \
             above 0, to blend the opening and the endgame by",
            "none".into(),
            end.span,
        ));
    }
    // Unless the endgame says otherwise, a value or table is the opening's.
    let mut values = eval.values.clone();
    set_values(&end.piece_values, names, &mut values, errors);
    let mut tables = eval.tables.clone();
    let mut given = vec![vec![false; names.pieces.len()]; names.players.len()];
    for table in &end.piece_tables {
        if let Err(e) = piece_table(table, names, (&mut tables, &mut given), Keyword::PieceTable) {
            errors.push(e);
        }
    }
    // An endgame formation reweighs the opening's of the same pieces and directions;
    // one the opening does not have weighs nothing there.
    let mut reweighed = vec![false; eval.formations.len()];
    for written in &end.formations {
        let mut f = match formation(written, names) {
            Ok(f) => f,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        match eval.formations.iter().position(|g| same_formation(g, &f)) {
            Some(i) if reweighed.get(i) == Some(&true) => {
                errors.push(duplicate_formation(written));
            }
            Some(i) => {
                if let (Some(g), Some(seen)) = (eval.formations.get_mut(i), reweighed.get_mut(i)) {
                    g.endgame = f.opening;
                    *seen = true;
                }
            }
            None => {
                (f.endgame, f.opening) = (f.opening, 0);
                eval.formations.push(f);
                reweighed.push(true);
            }
        }
    }
    Endgame {
        values,
        tables,
        phase,
        full: EvalScore::try_from(full.max(1)).unwrap_or(EvalScore::MAX),
    }
}

/// `(formation PIECE (DIR ...) PIECE N)`, its directions resolved for every player (its
/// endgame weight the same as its opening's, until an endgame clause says otherwise).
fn formation(written: &dagaz_syntax::Formation, names: &Declared<'_>) -> Result<Formation> {
    let from = piece_kind(names.pieces, &written.from)?;
    let to = piece_kind(names.pieces, &written.to)?;
    let mut dirs: Vec<Dir> = Vec::with_capacity(written.dirs.len());
    for name in &written.dirs {
        let dir = names
            .board
            .direction(&name.text)
            .ok_or_else(|| CompileError::unknown("direction", &name.text, name.span))?;
        if dirs.contains(&dir) {
            let found = format!("`{}` again", name.text);
            return Err(CompileError::expected(
                "a direction not listed before",
                found,
                name.span,
            ));
        }
        dirs.push(dir);
    }
    let cells = names.board.len();
    let mut steps: Vec<Vec<Pos>> = Vec::with_capacity(names.players.len() * cells);
    for player in 0..names.players.len() {
        let turned = names.symmetry.get(player).map_or(&[][..], Vec::as_slice);
        for at in names.board.positions() {
            let next = dirs
                .iter()
                .filter_map(|&d| names.board.step(d.turned(turned), at));
            steps.push(next.collect());
        }
    }
    let mut back: Vec<Vec<Pos>> = vec![Vec::new(); steps.len()];
    for (i, next) in steps.iter().enumerate() {
        let (player, at) = (i / cells.max(1), i % cells.max(1));
        for n in next {
            if let Some(into) = back.get_mut(player * cells + n.index()) {
                into.push(Pos(at as u16));
            }
        }
    }
    Ok(Formation {
        from,
        to,
        dirs,
        opening: written.weight,
        endgame: written.weight,
        steps,
        back,
        cells,
    })
}

/// A formation written twice in one clause, named as `Man (n e) Man`.
fn duplicate_formation(written: &dagaz_syntax::Formation) -> CompileError {
    let dirs: Vec<&str> = written.dirs.iter().map(|d| d.text.as_str()).collect();
    let name = format!(
        "{} ({}) {}",
        written.from.text,
        dirs.join(" "),
        written.to.text
    );
    CompileError::duplicate(Keyword::Formation.text(), &name, written.span)
}

/// Whether two formations are of the same pieces in the same directions (in any order).
fn same_formation(a: &Formation, b: &Formation) -> bool {
    a.from == b.from
        && a.to == b.to
        && a.dirs.len() == b.dirs.len()
        && a.dirs.iter().all(|d| b.dirs.contains(d))
}

/// `(PIECE N)` pairs into `values[kind]`.
fn set_values(
    pairs: &[(Ident, EvalScore)],
    names: &Declared<'_>,
    values: &mut [EvalScore],
    errors: &mut Vec<CompileError>,
) {
    for (kind, value) in pairs {
        match piece_kind(names.pieces, kind) {
            Ok(kind) => {
                if let Some(slot) = values.get_mut(kind.index()) {
                    *slot = *value;
                }
            }
            Err(e) => errors.push(e),
        }
    }
}

/// Tables by player and piece type, each one number per board position where given.
type Tables = [Vec<Option<Vec<EvalScore>>>];

/// One `(piece-table PIECE [PLAYER] N ...)` (or `seed-table`, the `form`) into
/// `tables[player][kind]`; `given` marks the tables a clause wrote (not turned from another).
fn piece_table(
    table: &dagaz_syntax::PieceTable,
    names: &Declared<'_>,
    (tables, given): (&mut Tables, &mut [Vec<bool>]),
    form: Keyword,
) -> Result<()> {
    let kind = piece_kind(names.pieces, &table.kind)?;
    let owner = match &table.player {
        Some(owner) => player(names.players, owner)?,
        None => PlayerId(0),
    };
    if table.numbers.len() != names.board.len() {
        let kind = SyntaxErrorKind::Arity {
            form: form.text().into(),
            expected: format!("{} numbers (one per board position)", names.board.len()),
            found: table.numbers.len(),
        };
        return Err(CompileError::new(kind.into(), table.span));
    }
    let turned: Vec<EvalScore> = table.numbers.iter().rev().copied().collect();
    for (p, tables) in tables.iter_mut().enumerate() {
        let given_here = given.get_mut(p).and_then(|g| g.get_mut(kind.index()));
        let Some(given_here) = given_here else {
            continue;
        };
        let Some(slot) = tables.get_mut(kind.index()) else {
            continue;
        };
        if p == owner.index() {
            if *given_here {
                let what = form.text();
                return Err(CompileError::duplicate(what, &table.kind.text, table.span));
            }
            *given_here = true;
            *slot = Some(table.numbers.clone());
        } else if !*given_here {
            *slot = Some(turned.clone());
        }
    }
    Ok(())
}

/// One `(stack-values PIECE [PLAYER] N ...)` into `tables[player][kind]`: for the player it
/// names, else for every player (a count of seeds has no side to turn).
fn stack_values(
    table: &dagaz_syntax::PieceTable,
    names: &Declared<'_>,
    tables: &mut Tables,
) -> Result<()> {
    let kind = piece_kind(names.pieces, &table.kind)?;
    let owner = match &table.player {
        Some(owner) => Some(player(names.players, owner)?),
        None => None,
    };
    for (p, tables) in tables.iter_mut().enumerate() {
        if owner.is_some_and(|o| o.index() != p) {
            continue;
        }
        if let Some(slot) = tables.get_mut(kind.index()) {
            if slot.is_some() {
                let what = Keyword::StackValues.text();
                return Err(CompileError::duplicate(what, &table.kind.text, table.span));
            }
            *slot = Some(table.numbers.clone());
        }
    }
    Ok(())
}

/// `(fen pdn ...)` or `(fen standard ...)`.
pub(crate) fn fen(
    fen: &dagaz_syntax::Fen,
    names: &Declared<'_>,
    errors: &mut Vec<CompileError>,
) -> Option<FenSpec> {
    let before = errors.len();
    let spec = match fen {
        dagaz_syntax::Fen::Pdn(pdn) => FenSpec::Pdn(PdnSpec {
            colors: pdn
                .colors
                .iter()
                .enumerate()
                .filter_map(|(i, (letter, owner))| {
                    let before = pdn.colors.get(..i).unwrap_or(&[]);
                    if before.iter().any(|(l, _)| l.letter == letter.letter) {
                        let name = letter.letter.to_string();
                        errors.push(CompileError::duplicate("colour letter", &name, letter.span));
                        return None;
                    }
                    // Written out, each letter lists its player's pieces: two letters for one
                    // player would list them twice.
                    if before.iter().any(|(_, o)| o.text == owner.text) {
                        errors.push(CompileError::expected(
                            "one colour letter per player",
                            format!("a second letter for `{}`", owner.text),
                            owner.span,
                        ));
                        return None;
                    }
                    let owner = player(names.players, owner).map_err(|e| errors.push(e));
                    Some((letter.letter, owner.ok()?))
                })
                .collect(),
            man: piece_kind(names.pieces, &pdn.man)
                .map_err(|e| errors.push(e))
                .ok()?,
            king: piece_kind(names.pieces, &pdn.king)
                .map_err(|e| errors.push(e))
                .ok()?,
        }),
        dagaz_syntax::Fen::Standard(written) => {
            FenSpec::Standard(standard(written, names, errors)?)
        }
    };
    (errors.len() == before).then_some(spec)
}

/// `(fen standard (pieces (P White Pawn) ...) (turn (w White) ...) [(castling ATTR (K e1 h1)
/// ...)] [(en-passant TURN-VARIABLE)])`.
fn standard(
    written: &dagaz_syntax::StandardFen,
    names: &Declared<'_>,
    errors: &mut Vec<CompileError>,
) -> Option<StandardFen> {
    if names.board.dims().len() != 2 {
        errors.push(CompileError::expected(
            "a two-dimensional board (standard FEN lists rows of squares)",
            format!("the form `({} ...)`", Keyword::Fen),
            written.span,
        ));
        return None;
    }
    let mut spec = StandardFen {
        letters: Vec::new(),
        plus_letters: Vec::new(),
        sfen: written.sfen,
        turn: Vec::new(),
        castling: None,
        en_passant: None,
        counts: Vec::new(),
        forbidden_ranks: Vec::new(),
        hands: written.hands,
        promoted: None,
    };
    if let Some(name) = &written.promoted {
        match names.attributes.get_index_of(&name.text) {
            Some(bit) => spec.promoted = Some(bit as u8),
            None => errors.push(CompileError::unknown("attribute", &name.text, name.span)),
        }
    }
    for entry in &written.pieces {
        let c = entry.letter.letter;
        let letters = if entry.plus {
            &mut spec.plus_letters
        } else {
            &mut spec.letters
        };
        if taken(letters, &entry.letter, "piece letter", errors) {
            continue;
        }
        let owner = player(names.players, &entry.owner).map_err(|e| errors.push(e));
        let kind = piece_kind(names.pieces, &entry.kind).map_err(|e| errors.push(e));
        if let (Ok(owner), Ok(kind)) = (owner, kind) {
            let attrs = names.default_attrs;
            letters.push((c, Piece { owner, kind, attrs }));
        }
    }
    for (letter, owner) in &written.turn {
        if taken(&spec.turn, letter, "side-to-move letter", errors) {
            continue;
        }
        match player(names.players, owner) {
            Ok(owner) => spec.turn.push((letter.letter, owner)),
            Err(e) => errors.push(e),
        }
    }
    if let Some(castling) = &written.castling {
        spec.castling = self::castling(castling, names, errors);
    }
    if let Some(variable) = &written.en_passant {
        match names.turn_variables.get_index_of(&variable.text) {
            Some(index) => spec.en_passant = Some(index),
            None => errors.push(CompileError::unknown(
                "turn variable",
                &variable.text,
                variable.span,
            )),
        }
    }
    for count in &written.counts {
        match piece_kind(names.pieces, &count.kind) {
            Ok(kind) => spec.counts.push((kind, count.min, count.max)),
            Err(e) => errors.push(e),
        }
    }
    spec.forbidden_ranks = forbidden_ranks(written, names, errors);
    Some(spec)
}

/// `(forbidden-ranks PIECE RANK ...)` of a standard FEN: each piece type with the indices of
/// the ranks it may not stand on.
fn forbidden_ranks(
    written: &dagaz_syntax::StandardFen,
    names: &Declared<'_>,
    errors: &mut Vec<CompileError>,
) -> Vec<(PieceKind, Vec<usize>)> {
    let mut out = Vec::new();
    let rank_names = names.board.dims().get(1).map_or(&[][..], Vec::as_slice);
    for forbidden in &written.forbidden_ranks {
        let kind = piece_kind(names.pieces, &forbidden.kind).map_err(|e| errors.push(e));
        let ranks: Vec<usize> = forbidden
            .ranks
            .iter()
            .filter_map(|rank| {
                let found = rank_names.iter().position(|r| *r == rank.text);
                if found.is_none() {
                    errors.push(CompileError::unknown("rank", &rank.text, rank.span));
                }
                found
            })
            .collect();
        if let Ok(kind) = kind {
            out.push((kind, ranks));
        }
    }
    out
}

/// `(castling ATTRIBUTE (LETTER POS ...) ...)`, or with `(king PIECE) (rook PIECE)` and
/// `(LETTER PLAYER DIRECTION) ...`.
fn castling(
    written: &dagaz_syntax::FenCastling,
    names: &Declared<'_>,
    errors: &mut Vec<CompileError>,
) -> Option<Castling> {
    let name = &written.attribute;
    let Some(attribute) = names.attributes.get_index_of(&name.text) else {
        errors.push(CompileError::unknown("attribute", &name.text, name.span));
        return None;
    };
    if written.king.is_some() || written.rook.is_some() {
        let rooks = castling_rooks(written, names, errors)?;
        return Some(Castling {
            attribute: attribute as u8,
            rights: Vec::new(),
            rooks: Some(rooks),
        });
    }
    let mut rights = Vec::new();
    for (letter, squares) in &written.rights {
        if taken(&rights, letter, "castling letter", errors) {
            continue;
        }
        let squares: Vec<Pos> = squares
            .iter()
            .filter_map(|sq| position(names.board, sq).map_err(|e| errors.push(e)).ok())
            .collect();
        rights.push((letter.letter, squares));
    }
    Some(Castling {
        attribute: attribute as u8,
        rights,
        rooks: None,
    })
}

/// The letters of `(castling ATTRIBUTE (king PIECE) (rook PIECE) (LETTER PLAYER DIRECTION)
/// ...)`. The file letters come from the board, so a side's letter may not be one, and each
/// case of letter belongs to one player (the file letters take it).
fn castling_rooks(
    written: &dagaz_syntax::FenCastling,
    names: &Declared<'_>,
    errors: &mut Vec<CompileError>,
) -> Option<CastlingRooks> {
    let king = castling_piece(&written.king, &written.rook, "king", names, errors);
    let rook = castling_piece(&written.rook, &written.king, "rook", names, errors);
    let files = names.board.dims().first().map_or(&[][..], Vec::as_slice);
    let mut sides: Vec<(char, PlayerId, dagaz_ir::Dir)> = Vec::new();
    for (letter, rest) in &written.rights {
        let c = letter.letter;
        if sides.iter().any(|&(l, _, _)| l == c) {
            errors.push(CompileError::duplicate(
                "castling letter",
                &c.to_string(),
                letter.span,
            ));
            continue;
        }
        if files.iter().any(|f| f.eq_ignore_ascii_case(&c.to_string())) {
            errors.push(CompileError::expected(
                "a castling letter that is not a file's (file letters name rooks by their file)",
                format!("`{c}`"),
                letter.span,
            ));
            continue;
        }
        let [owner, direction] = rest.as_slice() else {
            errors.push(CompileError::expected(
                "`(LETTER PLAYER DIRECTION)` after `(king PIECE)`",
                format!("`{c}` with {} item(s) after it", rest.len()),
                letter.span,
            ));
            continue;
        };
        let Ok(owner) = player(names.players, owner).map_err(|e| errors.push(e)) else {
            continue;
        };
        let Some(dir) = names.board.direction(&direction.text) else {
            errors.push(CompileError::unknown(
                "direction",
                &direction.text,
                direction.span,
            ));
            continue;
        };
        let same_case = sides
            .iter()
            .find(|(l, _, _)| l.is_uppercase() == c.is_uppercase());
        if let Some(&(other, other_owner, _)) = same_case.filter(|(_, p, _)| *p != owner) {
            errors.push(CompileError::expected(
                &format!(
                    "the letters of one player in each case (`{other}` is {}'s)",
                    names
                        .players
                        .get_index(other_owner.0 as usize)
                        .map_or("", String::as_str)
                ),
                format!("`{c}`"),
                letter.span,
            ));
            continue;
        }
        sides.push((c, owner, dir));
    }
    Some(CastlingRooks {
        king: king?,
        rook: rook?,
        sides,
    })
}

/// The king's or rook's piece type of `(castling ...)` with `(king PIECE)` and `(rook PIECE)`:
/// `piece`, whose form is `form`; written without the `other` beside it is an error.
fn castling_piece(
    piece: &Option<Ident>,
    other: &Option<Ident>,
    form: &str,
    names: &Declared<'_>,
    errors: &mut Vec<CompileError>,
) -> Option<PieceKind> {
    match (piece, other) {
        (Some(piece), _) => piece_kind(names.pieces, piece)
            .map_err(|e| errors.push(e))
            .ok(),
        (None, Some(other)) => {
            errors.push(CompileError::expected(
                &format!("`({form} PIECE)` beside it"),
                format!("only `{}`", other.text),
                other.span,
            ));
            None
        }
        (None, None) => None,
    }
}

/// Whether `letter` already stands in `so_far`; if so, records the duplicate (a second `what`).
fn taken<T>(
    so_far: &[(char, T)],
    letter: &dagaz_syntax::Letter,
    what: &str,
    errors: &mut Vec<CompileError>,
) -> bool {
    let seen = so_far.iter().any(|(l, _)| *l == letter.letter);
    if seen {
        errors.push(CompileError::duplicate(
            what,
            &letter.letter.to_string(),
            letter.span,
        ));
    }
    seen
}

#[cfg(test)]
mod tests {
    use crate::formats::{CastlingRooks, FenSpec};
    use dagaz_ir::{Dir, PieceKind, PlayerId};
    use pretty_assertions::assert_eq;

    /// `text` compiled: its rules, if any, and each error as the text it points at and its
    /// message.
    fn compiled(text: &str) -> (Option<crate::Rules>, Vec<(String, String)>) {
        let forms = dagaz_sexpr::read(text).unwrap();
        let (rules, errors) = crate::compile_all(&forms);
        let errors = errors
            .iter()
            .map(|e| (text[e.span.start..e.span.end].to_string(), e.to_string()))
            .collect();
        (rules, errors)
    }

    /// A 3x2 board with kings and rooks and the castling clause `castling`: the compiled
    /// castling rooks, and each error as the text it points at and its message.
    fn castling(castling: &str) -> (Option<CastlingRooks>, Vec<(String, String)>) {
        let text = format!(
            r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name e) 1 0) (dir (name w) -1 0))
               (piece (name King)) (piece (name Rook))
               (game (name "t") (players (White (King b1) (Rook a1 c1)) (Black (King b2)))
                  (attribute moved false)
                  (fen standard (pieces (K White King) (k Black King) (R White Rook))
                     (turn (w White) (b Black)) {castling}))"#
        );
        let (rules, errors) = compiled(&text);
        let rooks = rules.and_then(|r| match r.fen {
            Some(FenSpec::Standard(fen)) => fen.castling.and_then(|c| c.rooks),
            _ => None,
        });
        (rooks, errors)
    }

    /// `(stack-values ...)`: a value by count of seeds, the last for that many or more; for
    /// every player, or the one named; a second for the same piece and player is an error.
    #[test]
    fn stack_values_are_worth_by_count() {
        let text = |stacks: &str| {
            format!(
                r#"(board (name b) (dim "a-c") (dim "2-1")) (piece (name Pit))
                   (game (name "t") (players (White (Pit a1)) (Black (Pit c2)))
                      (evaluation (piece-values (Pit 0)) {stacks}))"#
            )
        };
        let (rules, errors) = compiled(&text(
            "(stack-values Pit -40 30) (stack-values Pit Black 5)",
        ));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].1,
            "a second `stack-values` definition named `Pit`"
        );
        let (rules2, errors2) = compiled(&text("(stack-values Pit White -40 30)"));
        assert_eq!(errors2, Vec::<(String, String)>::new());
        for rules in [rules, rules2] {
            let eval = rules.unwrap().evaluation;
            let worth: Vec<i32> = (0..4)
                .map(|n| eval.stack_worth(PlayerId(0), PieceKind(0), n))
                .collect();
            assert_eq!(worth, [0, -40, 30, 30]);
            assert!(eval.has_seed_tables());
        }
        let (rules, _) = compiled(&text("(stack-values Pit White -40 30)"));
        let eval = rules.unwrap().evaluation;
        assert_eq!(eval.stack_worth(PlayerId(1), PieceKind(0), 1), 0);
    }

    #[test]
    fn castling_letters_for_rooks_anywhere_name_a_player_and_a_direction() {
        let (rooks, errors) = castling(
            "(castling moved (king King) (rook Rook) (K White e) (Q White w) (k Black e))",
        );
        assert_eq!(errors, Vec::<(String, String)>::new());
        let rooks = rooks.unwrap();
        assert_eq!((rooks.king, rooks.rook), (PieceKind(0), PieceKind(1)));
        assert_eq!(
            rooks.sides,
            vec![
                ('K', PlayerId(0), Dir(0)),
                ('Q', PlayerId(0), Dir(1)),
                ('k', PlayerId(1), Dir(0))
            ]
        );
    }

    #[test]
    fn castling_letters_for_rooks_anywhere_are_checked() {
        let errors = |clause: &str| castling(clause).1;
        assert_eq!(
            errors("(castling moved (king King) (K White e))"),
            vec![(
                "King".to_string(),
                "expected `(rook PIECE)` beside it, found only `King`".to_string()
            )]
        );
        assert_eq!(
            errors("(castling moved (king King) (rook Rook) (B White e) (K White n))"),
            vec![
                (
                    "B".to_string(),
                    "expected a castling letter that is not a file's (file letters name rooks by their file), found `B`".to_string()
                ),
                ("n".to_string(), "unknown direction `n`".to_string()),
            ]
        );
        assert_eq!(
            errors("(castling moved (king King) (rook Rook) (K White e) (Q Black w) (q White))"),
            vec![
                (
                    "Q".to_string(),
                    "expected the letters of one player in each case (`K` is White's), found `Q`"
                        .to_string()
                ),
                (
                    "q".to_string(),
                    "expected `(LETTER PLAYER DIRECTION)` after `(king PIECE)`, found `q` with 1 item(s) after it".to_string()
                ),
            ]
        );
        assert_eq!(
            errors("(castling moved (king King) (rook Rook) (K White e) (K White w))"),
            vec![(
                "K".to_string(),
                "a second `castling letter` definition named `K`".to_string()
            )]
        );
    }

    /// A game of `players` on a 3x1 board with men and kings and the goal clauses `goals`:
    /// its history rules, and each error as the text it points at and its message.
    fn history(players: &str, goals: &str) -> (Vec<crate::HistoryRule>, Vec<(String, String)>) {
        let text = format!(
            r#"(board (name b) (dim "a-c") (dim "1") (dir (name e) 1 0))
               (piece (name Man)) (piece (name King))
               (game (name "t") (players {players}) {goals})"#
        );
        let (rules, errors) = compiled(&text);
        let rules = rules.map_or_else(Vec::new, |r| {
            r.history_goals.into_iter().map(|g| g.rule).collect()
        });
        (rules, errors)
    }

    #[test]
    fn a_material_condition_compiles_to_bounds_by_piece_type() {
        use crate::{HistoryRule, Material, SideCount};
        let (rules, errors) = history(
            "(White (Man a1)) (Black (King c1))",
            "(draw (quiet-moves 50 Man)) \
             (draw (quiet-moves 10 Man (while (side (pieces 1 2) (King 1 2)) (side (King 1)))))",
        );
        assert_eq!(errors, Vec::<(String, String)>::new());
        let side = |pieces, kinds| SideCount { pieces, kinds };
        assert_eq!(
            rules[1],
            HistoryRule::QuietMoves {
                plies: 10,
                resets: vec![PieceKind(0)],
                material: Some(Material {
                    sides: [
                        side((1, 2), vec![(PieceKind(1), 1, 2)]),
                        side((0, u32::MAX), vec![(PieceKind(1), 1, 1)]),
                    ]
                }),
            }
        );
    }

    #[test]
    fn a_material_condition_needs_two_players_known_pieces_and_one_count() {
        let (rules, errors) = history(
            "(White (Man a1)) (Black (King c1)) (Red)",
            "(draw (quiet-moves 10 Man (while (side (King 1)) (side (Queen 1)))))",
        );
        assert!(rules.is_empty());
        assert_eq!(
            errors,
            vec![(
                "(while (side (King 1)) (side (Queen 1)))".to_string(),
                "expected a game of two players for `(while SIDE SIDE)`, found a game of 3 players"
                    .to_string()
            )]
        );
        let (_, errors) = history(
            "(White (Man a1)) (Black (King c1))",
            "(draw (quiet-moves 10 Man (while (side (King 1)) (side (Queen 1)))))",
        );
        assert_eq!(errors[0].0, "Queen");
        let (rules, errors) = history(
            "(White (Man a1)) (Black (King c1))",
            "(draw (quiet-moves 50 Man)) (draw (quiet-moves 10 King))",
        );
        assert_eq!(rules.len(), 1);
        assert_eq!(
            errors,
            vec![(
                "(draw (quiet-moves 10 King))".to_string(),
                "expected the piece types of the game's first `quiet-moves` goal (`Man`): the \
                 goals share one count, found `King`"
                    .to_string()
            )]
        );
        // The same types in another order restart the same count.
        let (rules, errors) = history(
            "(White (Man a1)) (Black (King c1))",
            "(draw (quiet-moves 50 Man King)) (draw (quiet-moves 10 King Man))",
        );
        assert_eq!(errors, Vec::<(String, String)>::new());
        assert_eq!(rules.len(), 2);
    }
}
