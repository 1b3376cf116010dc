//! A ZRF game's clauses (macros expanded, the variant chosen) as dagaz forms: one `board`, a
//! `piece` for each piece type, and the `game`.

mod attributes;
pub mod board;
mod captured;
mod cascade;
mod changes;
mod copies;
mod create;
mod flags;
mod goals;
mod graph;
mod looks;
mod moves;
mod partial;
mod places;
mod priorities;
mod relative;
mod tiles;
mod totals;
mod turns;

use crate::error::ZrfError;
use crate::forms::{args, form, list, name_of, string, sym, text};
use board::BOARD_NAME;
use dagaz_sexpr::{Node, NodeKind, Span};

/// Clauses that only change how Zillions shows or plays the game, not its rules.
const COSMETIC: &[&str] = &[
    "title",
    "description",
    "history",
    "strategy",
    "help",
    "version",
    "music",
    "solution",
    "opening-sound",
    "win-sound",
    "loss-sound",
    "draw-sound",
    "release-sound",
    "click-sound",
    "move-sound",
    "capture-sound",
    "change-sound",
    "drop-sound",
    // Which variant Zillions opens first: `--variant` chooses, `dagaz info` shows it.
    "default",
];

/// Options that only change the display or the user interface.
const DISPLAY_OPTIONS: &[&str] = &[
    "animate captures",
    "animate drops",
    "smart moves",
    "smart-moves",
    "highlight goals",
    "show hints",
    "show captures",
    "prevent flipping",
    "progressive levels",
];

/// The dagaz forms of the game whose clauses are `clauses` (`span`: its form).
pub fn game(clauses: &[Node], span: Span) -> Result<Vec<Node>, ZrfError> {
    let clauses = &without_repeated_pieces(clauses);
    let title = title_of(clauses);
    let board = match clauses.iter().find(|c| c.head() == Some("board")) {
        Some(b) => board::board(b)?,
        None => return Err(ZrfError::unsupported("game (without a board)", span)),
    };
    let pieces = piece_names(clauses);
    let last_move = mentions_any(clauses, LAST_MOVE_TESTS);
    let move_priorities = priorities::Priorities::of(clauses)?;
    let royals = goals::royals(clauses, &pieces)?;
    let tiles = tiles::Tiles::of(clauses)?;
    let created = std::cell::Cell::new(0);
    let attribute_set = std::cell::Cell::new(0);
    let attributes = attributes::Attributes::of(clauses, tiles.is_some())?;
    let goal_positions = goals::goal_positions(clauses, &board);
    let captured = captured::Captured::of(clauses, &pieces)?;
    let (players_named, neutral) = sides(clauses);
    let names = moves::Names {
        board: &board,
        pieces: &pieces,
        dropping: None,
        last_move,
        ranking: priorities::Ranking {
            priorities: move_priorities.is_some(),
            maximal: priorities::maximal(clauses, &pieces, !royals.pieces.is_empty())?,
        },
        rank: None,
        chain: None,
        current: None,
        movers: false,
        creates: 0,
        copies: false,
        attributes: attributes.as_ref(),
        goal_positions: &goal_positions,
        attribute_sets: 0,
        attribute_set: &attribute_set,
        created: &created,
        pass_partial: option_set(clauses, "pass partial"),
        deferred_captures: option_set(clauses, "deferred captures"),
        tiles: tiles.as_ref(),
        shared_pieces: option_set(clauses, "shared pieces") || option_set(clauses, "shared-pieces"),
        captured: captured.as_ref(),
        players: players_named.len(),
        neutral: &neutral,
    };
    let mut out = board.form.iter().cloned().collect::<Vec<_>>();
    out.extend(translated_pieces(
        clauses,
        &names,
        move_priorities.as_ref(),
    )?);
    let (players, turns) = players(clauses, &droppers(clauses), &board, span)?;
    let mut game_items = vec![
        form("name", vec![string(title, span)], span),
        form("board", vec![sym(BOARD_NAME, span)], span),
        players,
    ];
    game_items.extend(turns);
    game_items.extend(random_players(clauses, span));
    if has_parts(clauses) && !option_set(clauses, "sliding-puzzle") {
        // Two chains by different ways to the same end are two moves, as two sequences of
        // parts are in Zillions: their notation, the path, tells them apart.
        game_items.push(form("unique-moves", vec![sym("paths", span)], span));
    }
    game_items.extend(board_rules(&board, clauses));
    game_items.extend(turn_variables(last_move, captured.is_some(), span));
    game_items.extend(attributes.iter().flat_map(|a| a.game_forms(span)));
    if !royals.pieces.is_empty() {
        game_items.push(form("royal", royals.pieces.clone(), span));
    }
    game_items.extend(rules(
        clauses,
        &royals,
        (captured.as_ref(), &pieces),
        &board,
    )?);
    out.push(form("game", game_items, span));
    Ok(out)
}

/// The game's title (`zrf` when it has none).
fn title_of(clauses: &[Node]) -> &str {
    clauses
        .iter()
        .find(|c| c.head() == Some("title"))
        .and_then(|c| args(c).first())
        .and_then(text)
        .unwrap_or("zrf")
}

/// The names of the game's piece types, in the order of their `piece` forms.
fn piece_names(clauses: &[Node]) -> Vec<String> {
    clauses
        .iter()
        .filter(|c| c.head() == Some("piece"))
        .filter_map(|c| name_of(args(c)))
        .collect()
}

/// The game's turn variables: the last move's squares when it reads them (`last_move`), the
/// captures of the last move when a condition is `captured`.
fn turn_variables(last_move: bool, captured: bool, span: Span) -> Vec<Node> {
    let mut out = Vec::new();
    if last_move {
        out.extend(last_move_variables(span));
    }
    if captured {
        out.push(captured::Captured::turn_variable(span));
    }
    out
}

/// The turn variables of the last move. `keep`: a pass leaves the last move as it was, as in
/// the Dagaz project's interpreter.
fn last_move_variables(span: Span) -> Vec<Node> {
    [moves::LAST_FROM, moves::LAST_TO]
        .iter()
        .map(|var| {
            form(
                "turn-variable",
                vec![sym(var, span), sym("keep", span)],
                span,
            )
        })
        .collect()
}

/// The players of `(players ...)`, and those of them no turn names: Zillions' neutral players,
/// whose pieces `neutral?` asks for.
fn sides(clauses: &[Node]) -> (Vec<String>, Vec<String>) {
    let players = player_names(clauses);
    // A turn order in error is reported where the players are translated.
    let movers = turns::turn_order(clauses, &players)
        .map(|t| t.movers)
        .unwrap_or_default();
    let neutral = players
        .iter()
        .filter(|p| !movers.contains(p))
        .cloned()
        .collect();
    (players, neutral)
}

/// The clauses without a `piece` that repeats an earlier one word for word: a file may define
/// a piece type twice the same way (a macro called twice, as in the Dagaz project's
/// maneuvers.zrf), which is one type.
fn without_repeated_pieces(clauses: &[Node]) -> Vec<Node> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::with_capacity(clauses.len());
    for clause in clauses {
        if clause.head() == Some("piece") {
            let written = clause.to_string();
            if seen.contains(&written) {
                continue;
            }
            seen.push(written);
        }
        out.push(clause.clone());
    }
    out
}

/// Whether `clause` is a `(symmetry PLAYER ...)` for a player the game lacks (`tile-chess.zrf`
/// names one on its board): it turns no one's moves, so it is left out, wherever it is written.
fn is_stray_symmetry(clause: &Node, players: &[String]) -> bool {
    clause.head() == Some("symmetry")
        && !args(clause)
            .first()
            .and_then(text)
            .is_some_and(|p| players.iter().any(|n| n == p))
}

/// The game clauses the board gives (its zones and symmetries), but for a symmetry of a
/// player the game lacks.
fn board_rules(board: &board::Board, clauses: &[Node]) -> Vec<Node> {
    let players = player_names(clauses);
    let clauses = board.game_clauses.iter();
    clauses
        .filter(|c| !is_stray_symmetry(c, &players))
        .cloned()
        .collect()
}

/// The clauses that are rules: conditions, options, symmetry; the others are checked to be
/// known. `royals`: the game's royal pieces, which `goals::royals` found; `captured`: the
/// bits of its `captured` conditions, and its piece types.
fn rules(
    clauses: &[Node],
    royals: &goals::Royals,
    (captured, pieces): (Option<&captured::Captured>, &[String]),
    board: &board::Board,
) -> Result<Vec<Node>, ZrfError> {
    let players = player_names(clauses);
    // A condition of every player who moves is one of every player: the others never move.
    let movers = turns::turn_order(clauses, &players)?.movers;
    let mut out = Vec::new();
    for clause in clauses {
        let Some(head) = clause.head() else {
            return Err(ZrfError::expected(
                "a game clause such as `(players ...)`",
                clause,
            ));
        };
        match head {
            "board" | "piece" | "players" | "turn-order" | "board-setup" | "image"
            | "move-priorities" => {}
            h if COSMETIC.contains(&h) || h.ends_with("-sound") => {}
            "symmetry" if is_stray_symmetry(clause, &players) => {}
            "symmetry" => out.push(clause.clone()),
            "option" => out.extend(option(clause)?),
            _ if totals::is_condition(clause) => out.extend(totals::goals(clause, &players)?),
            _ if captured::is_condition(clause) => {
                if let Some(captured) = captured {
                    out.extend(captured.goals(clause, &players, pieces)?);
                }
            }
            "win-condition" | "loss-condition" | "draw-condition" => {
                let game = (board, pieces);
                out.extend(goals::condition(clause, (&players, &movers), royals, game)?);
            }
            "count-condition" => {
                out.extend(goals::count_condition(clause, (&players, &movers), royals)?);
            }
            other => return Err(ZrfError::unsupported(other, clause.span)),
        }
    }
    out.extend(goals::count_score(clauses));
    Ok(out)
}

/// `(option "NAME" VALUE)`: display options are dropped, `pass turn` becomes `pass`;
/// `"chess invariant"` is a royal piece, which `goals::royals` reads.
fn option(node: &Node) -> Result<Option<Node>, ZrfError> {
    let rest = args(node);
    let name = rest.first().and_then(text).unwrap_or_default();
    let value = rest.get(1).and_then(text).unwrap_or_default();
    if DISPLAY_OPTIONS.contains(&name) {
        return Ok(None);
    }
    let span = node.span;
    match (name, value) {
        ("pass turn" | "pass-turn", "true") => {
            Ok(Some(form("pass", vec![sym("always", span)], span)))
        }
        // A captured piece goes to its owner's off-board store, to be dropped again.
        ("recycle captures", "true") => Ok(Some(form(
            "captures-to-hand",
            vec![sym("to-owner", span)],
            span,
        ))),
        ("recycle captures", "false") => Ok(None),
        ("pass turn" | "pass-turn", "forced") => {
            Ok(Some(form("pass", vec![sym("when-blocked", span)], span)))
        }
        // Its blocks are `tiles`; a block dragged by each of its cells makes a move for each,
        // with the same actions and their own notation.
        ("sliding-puzzle", "true") => {
            Ok(Some(form("unique-moves", vec![sym("paths", span)], span)))
        }
        // Read by `goals::royals`, `priorities::maximal` and `game`.
        ("chess invariant", "true")
        | ("maximal captures", _)
        | ("pass partial", _)
        | ("deferred captures", "true")
        | ("shared pieces" | "shared-pieces", "true")
        | (_, "false") => Ok(None),
        _ => Err(ZrfError::unsupported(&format!("option \"{name}\""), span)),
    }
}

/// Whether `(option "NAME" true)` is among `clauses`.
fn option_set(clauses: &[Node], name: &str) -> bool {
    clauses.iter().any(|c| {
        c.head() == Some("option")
            && args(c).first().and_then(text) == Some(name)
            && args(c).get(1).and_then(text) == Some("true")
    })
}

/// The game's pieces as dagaz pieces, with `(move-priorities ...)`'s ranks when it has them.
fn translated_pieces(
    clauses: &[Node],
    names: &moves::Names<'_>,
    priorities: Option<&priorities::Priorities>,
) -> Result<Vec<Node>, ZrfError> {
    let mut out = Vec::new();
    let mut drops = Vec::new();
    let all: Vec<&Node> = clauses
        .iter()
        .filter(|c| c.head() == Some("piece"))
        .collect();
    let turns = turns::turn_order(clauses, &player_names(clauses))?;
    for clause in &all {
        let (piece, ranks) = piece(clause, &all, names, priorities, &turns)?;
        out.push(piece);
        drops.extend(ranks);
    }
    priorities::check_drop_order(&drops)?;
    Ok(out)
}

/// A `(moves ...)` or `(drops ...)` clause's blocks, each with the move type its last
/// `(move-type T)` label gave it (`None` before any).
fn typed_blocks(clause: &Node) -> Result<Vec<(Option<&Node>, &Node)>, ZrfError> {
    let mut ty = None;
    let mut out = Vec::new();
    for block in args(clause) {
        if block.head() == Some("move-type") {
            ty = Some(priorities::label(block)?);
        } else {
            out.push((ty, block));
        }
    }
    Ok(out)
}

/// `(piece (name N) ... (moves BLOCK ...))` as a dagaz piece; with `priorities`, a block of a
/// type they leave out is never a move; with typed `turns`, a block moves on the turns of its
/// type. Also the ranks of its drop blocks, with its `drops` clause, for
/// `priorities::check_drop_order`.
fn piece<'n>(
    node: &'n Node,
    all: &[&Node],
    names: &moves::Names<'_>,
    priorities: Option<&priorities::Priorities>,
    turns: &turns::TurnOrder,
) -> Result<(Node, Option<priorities::DropRanks<'n>>), ZrfError> {
    let clauses = args(node);
    let name =
        name_of(clauses).ok_or_else(|| ZrfError::expected("a piece with `(name ...)`", node))?;
    let span = node.span;
    if names.tiles.is_some() {
        let moves = clauses.iter().filter(|c| c.head() == Some("moves"));
        moves.map(args).try_for_each(tiles::check_moves)?;
    }
    let How {
        chain,
        movers,
        creates,
        copies,
        attribute_sets,
    } = how_it_moves(&name, all, names.pieces, span)?;
    let mut chain_written = false;
    let names = &moves::Names {
        chain: chain.as_ref(),
        movers,
        creates,
        copies,
        attribute_sets,
        ..*names
    };
    let mut items = vec![
        form("name", vec![sym(&name, span)], span),
        moves::pre(&name, names, span),
    ];
    let mut drop_ranks = None;
    for clause in clauses {
        match clause.head() {
            Some("attribute") if names.tiles.is_some() => {
                items.extend(names.tiles.map(|t| t.tile(clause)).transpose()?.flatten());
            }
            Some(
                "name" | "image" | "help" | "description" | "notation" | "attribute" | "glyph",
            ) => {}
            Some("moves") if chain.is_some() => {
                // Every `moves` clause of the piece is in its one chain.
                if !std::mem::replace(&mut chain_written, true) {
                    items.push(chain_clause(all, names, priorities, turns, clause.span)?);
                }
            }
            Some(kind @ ("moves" | "drops")) => {
                let dropping = (kind == "drops").then_some(name.as_str());
                let names = moves::Names { dropping, ..*names };
                let ranks = blocks(clause, &names, priorities, turns, &mut items)?;
                if dropping.is_some() {
                    drop_ranks = Some((ranks, clause));
                }
            }
            Some(other) => return Err(ZrfError::unsupported(other, clause.span)),
            None => {
                return Err(ZrfError::expected(
                    "a piece clause such as `(moves ...)`",
                    clause,
                ))
            }
        }
    }
    items.push(moves::post(names, span));
    Ok((form("piece", items, span), drop_ranks))
}

/// The blocks of a `moves` or `drops` clause (`names.dropping` says which) lowered into
/// `items`, each guarded by the turns of its type; the ranks of those `priorities` keep.
fn blocks(
    clause: &Node,
    names: &moves::Names<'_>,
    priorities: Option<&priorities::Priorities>,
    turns: &turns::TurnOrder,
    items: &mut Vec<Node>,
) -> Result<Vec<i64>, ZrfError> {
    let mut ranks = Vec::new();
    for (ty, block) in typed_blocks(clause)? {
        let rank = match priorities.map(|p| p.rank(ty, block)).transpose()? {
            Some(None) => continue,
            rank => rank.flatten(),
        };
        ranks.extend(rank);
        let names = moves::Names { rank, ..*names };
        let lowered = match names.dropping {
            Some(_) => moves::drop_block(block, &names)?,
            None => moves::block(block, &names)?,
        };
        items.push(guarded(lowered, turns.guard(ty.and_then(text), block.span)));
    }
    Ok(ranks)
}

/// How a piece moves.
struct How {
    /// Its chain when its moves have parts (`add-partial`).
    chain: Option<partial::Chain>,
    /// Whether they move other pieces ([`cascade::WORDS`]).
    movers: bool,
    /// How many `create`s a block makes at most.
    creates: usize,
    /// Whether a move leaves a copy of the piece ([`copies::WORDS`]).
    copies: bool,
    /// How many `set-attribute`s a block makes at most.
    attribute_sets: usize,
}

/// How the piece named `name` moves; a chain that moves other pieces, creates some or sets
/// attributes is not translated.
fn how_it_moves(name: &str, all: &[&Node], pieces: &[String], span: Span) -> Result<How, ZrfError> {
    let blocks = piece_blocks(all, name)?;
    let mentions = |words: &[&str]| {
        blocks
            .iter()
            .any(|(_, b)| mentions_any(std::slice::from_ref(*b), words))
    };
    let chain = match mentions(&["add-partial", "add-copy-partial"]) {
        true => Some(chain_of(name, all, pieces)?),
        false => None,
    };
    let movers = mentions(cascade::WORDS);
    if movers && chain.is_some() {
        return Err(ZrfError::unsupported("cascade (with add-partial)", span));
    }
    let creates = crate::forms::most_in_a_block(blocks.iter().map(|(_, b)| *b), "create");
    if creates > 0 && chain.is_some() {
        return Err(ZrfError::unsupported("create (with add-partial)", span));
    }
    let attribute_sets =
        crate::forms::most_in_a_block(blocks.iter().map(|(_, b)| *b), "set-attribute");
    if attribute_sets > 0 && chain.is_some() {
        return Err(ZrfError::unsupported(
            "set-attribute (with add-partial)",
            span,
        ));
    }
    Ok(How {
        chain,
        movers,
        creates,
        copies: mentions(copies::WORDS),
        attribute_sets,
    })
}

/// The chain of `piece`, whose moves have parts: its move types in the order its blocks name
/// them, then those of every piece that a part changes it to (`(add-partial King T)`), and so
/// on. `all`: the game's pieces; `names`: their names.
fn chain_of(piece: &str, all: &[&Node], names: &[String]) -> Result<partial::Chain, ZrfError> {
    let mut chain = partial::Chain {
        piece: piece.to_string(),
        modes: Vec::new(),
    };
    let mut queue = vec![piece.to_string()];
    let mut next = 0;
    while let Some(owner) = queue.get(next).cloned() {
        next += 1;
        for (ty, block) in piece_blocks(all, &owner)? {
            let t = partial::type_of(ty.and_then(text));
            if chain.mode(&owner, t).is_none() {
                let (piece, ty) = (owner.clone(), t.to_string());
                chain.modes.push(partial::Mode { piece, ty });
            }
            for changed in changes_to(block, names) {
                if !queue.contains(&changed) {
                    queue.push(changed);
                }
            }
        }
    }
    Ok(chain)
}

/// The typed blocks of every `moves` clause of the piece named `name` among `all`.
fn piece_blocks<'n>(
    all: &[&'n Node],
    name: &str,
) -> Result<Vec<(Option<&'n Node>, &'n Node)>, ZrfError> {
    let mut out = Vec::new();
    let node = all
        .iter()
        .find(|p| name_of(args(p)).as_deref() == Some(name));
    for clause in node.map(|p| args(p)).unwrap_or_default() {
        if clause.head() == Some("moves") {
            out.extend(typed_blocks(clause)?);
        }
    }
    Ok(out)
}

/// The pieces that `(add-partial PIECE ...)` in `node` changes the piece to.
fn changes_to(node: &Node, pieces: &[String]) -> Vec<String> {
    let Some(items) = node.as_list() else {
        return Vec::new();
    };
    let mut out: Vec<String> = items.iter().flat_map(|n| changes_to(n, pieces)).collect();
    if node.head() == Some("add-partial") {
        let named = args(node).first().and_then(|n| n.as_symbol());
        out.extend(
            named
                .filter(|p| pieces.iter().any(|q| q == p))
                .map(str::to_string),
        );
    }
    out
}

/// The one `move` clause of a piece whose moves have parts: each of its blocks a round that may
/// start the move (unless `priorities` leave its type out), and every block of the chain's
/// modes a round of that mode.
fn chain_clause(
    all: &[&Node],
    names: &moves::Names<'_>,
    priorities: Option<&priorities::Priorities>,
    turns: &turns::TurnOrder,
    span: Span,
) -> Result<Node, ZrfError> {
    let Some(chain) = names.chain else {
        return Err(ZrfError::unsupported("add-partial", span));
    };
    let mut rounds = Vec::new();
    for owner in chain.pieces() {
        for (ty, block) in piece_blocks(all, owner)? {
            let current = chain.mode(owner, partial::type_of(ty.and_then(text)));
            let rank = priorities.map(|p| p.rank(ty, block)).transpose()?;
            let starts = owner == chain.piece && !matches!(rank, Some(None));
            if !starts && current.is_none() {
                continue;
            }
            let rank = rank.flatten();
            let names = moves::Names {
                rank,
                current,
                ..*names
            };
            let body = moves::chain_round(block, &names)?;
            if starts {
                // A typed turn picks the block a move starts with; its parts go on as named.
                let mut first: Vec<Node> = turns
                    .guard(ty.and_then(text), block.span)
                    .into_iter()
                    .collect();
                first.extend(rank.map(|r| priorities::enter(r, block.span)));
                first.extend(body.iter().cloned());
                rounds.push((-1, first));
            }
            if let Some(k) = current {
                rounds.push((k as i64, body));
            }
        }
    }
    Ok(chain.clause(rounds, span))
}

/// `clause` (`(move ...)`, `(drops ...)`) with `guard` as its first statement.
fn guarded(mut clause: Node, guard: Option<Node>) -> Node {
    if let (Some(guard), NodeKind::List(items)) = (guard, &mut clause.kind) {
        items.insert(1.min(items.len()), guard);
    }
    clause
}

/// The tests and `go` places that read the last move.
const LAST_MOVE_TESTS: &[&str] = &[
    "last-from?",
    "last-to?",
    "not-last-from?",
    "not-last-to?",
    // `(go last-from)`, `(go last-to)`.
    "last-from",
    "last-to",
];

/// Whether one of `words` is a symbol anywhere in `nodes`.
pub(crate) fn mentions_any(nodes: &[Node], words: &[&str]) -> bool {
    nodes.iter().any(|n| match n.as_list() {
        Some(items) => mentions_any(items, words),
        None => n.as_symbol().is_some_and(|s| words.contains(&s)),
    })
}

/// Whether some piece's moves have parts (`add-partial`).
fn has_parts(clauses: &[Node]) -> bool {
    clauses
        .iter()
        .filter(|c| c.head() == Some("piece"))
        .any(|c| mentions_any(std::slice::from_ref(c), &["add-partial"]))
}

/// The piece types that have `drops`.
fn droppers(clauses: &[Node]) -> Vec<String> {
    clauses
        .iter()
        .filter(|c| c.head() == Some("piece"))
        .filter(|c| args(c).iter().any(|k| k.head() == Some("drops")))
        .filter_map(|c| name_of(args(c)))
        .collect()
}

fn player_names(clauses: &[Node]) -> Vec<String> {
    clauses
        .iter()
        .find(|c| c.head() == Some("players"))
        .map(|c| {
            args(c)
                .iter()
                .filter_map(text)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Zillions' random players, whose names start with `?` (`?Dice`): each moves at random among
/// its moves, which is dagaz's `(chance ...)` with every weight 1.
fn random_players(clauses: &[Node], span: Span) -> Option<Node> {
    let random: Vec<Node> = player_names(clauses)
        .iter()
        .filter(|name| name.starts_with('?'))
        .map(|name| sym(name, span))
        .collect();
    (!random.is_empty()).then(|| form("chance", random, span))
}

/// `(players ...)` in the order of `(turn-order ...)` (`turns::turn_order`), each with the
/// pieces `(board-setup ...)` gives it and a hand: `(P off N)` holds N, a piece type that
/// `droppers` names and the setup does not count is unlimited; and the `(turns ...)` clause
/// when the turn order needs one.
fn players(
    clauses: &[Node],
    droppers: &[String],
    board: &board::Board,
    span: Span,
) -> Result<(Node, Option<Node>), ZrfError> {
    let names = player_names(clauses);
    let turns::TurnOrder {
        players: order,
        turns,
        ..
    } = turns::turn_order(clauses, &names)?;
    let setup = clauses.iter().find(|c| c.head() == Some("board-setup"));
    let latest = last_placed(setup, board);
    let mut items = Vec::new();
    for player in order {
        let mut entry = vec![sym(&player, span)];
        let given = setup
            .map(args)
            .unwrap_or_default()
            .iter()
            .find(|p| p.head() == Some(player.as_str()));
        let mut hand = Vec::new();
        for pieces in given.map(args).unwrap_or_default() {
            let (on_board, off) = setup_entry(pieces, board, &latest)?;
            entry.extend(on_board);
            hand.extend(off);
        }
        for dropper in droppers {
            let counted = hand.iter().any(|h| h.head() == Some(dropper.as_str()));
            if !counted {
                let unlimited = vec![sym(dropper, span), sym("unlimited", span)];
                hand.push(list(unlimited, span));
            }
        }
        if !hand.is_empty() {
            entry.push(form("hand", hand, span));
        }
        items.push(list(entry, span));
    }
    Ok((form("players", items, span), turns))
}

/// The board's position named `name`, in any case when no name matches exactly: Zillions reads
/// names in any case (`ikusa-shogi.zrf` sets a lance on `y1` of a board whose positions are
/// `Y1`, ...).
fn board_position<'b>(board: &'b board::Board, name: &str) -> Option<&'b str> {
    let exact = board.positions.iter().find(|q| *q == name);
    exact
        .or_else(|| {
            board
                .positions
                .iter()
                .find(|q| q.eq_ignore_ascii_case(name))
        })
        .map(String::as_str)
}

/// Where the setup last places a piece on each position: a position given twice holds the
/// later piece, as Zillions and the Dagaz project's converter place them in order
/// (`short-assize.zrf` puts a pawn on e6, then the piece that replaces it).
fn last_placed(
    setup: Option<&Node>,
    board: &board::Board,
) -> std::collections::HashMap<String, Span> {
    let mut out = std::collections::HashMap::new();
    for player in setup.map(args).unwrap_or_default() {
        for pieces in args(player) {
            let places = pieces.as_list().unwrap_or_default().iter().skip(1);
            for p in places.take_while(|p| p.as_symbol() != Some("off")) {
                if let Some(q) = p.as_symbol().and_then(|n| board_position(board, n)) {
                    out.insert(q.to_string(), p.span);
                }
            }
        }
    }
    out
}

/// A setup's `(PIECE POS ... [off N])`: the piece on the positions the board has, in any case
/// (a position it lacks is left out, as the Dagaz project's converter leaves it: `kalah.zrf` sets a seed on a
/// pit it never defines), and N in the hand.
fn setup_entry(
    pieces: &Node,
    board: &board::Board,
    latest: &std::collections::HashMap<String, Span>,
) -> Result<(Option<Node>, Option<Node>), ZrfError> {
    let Some([piece, places @ ..]) = pieces.as_list() else {
        return Err(ZrfError::expected("`(PIECE POSITION ...)`", pieces));
    };
    if piece.as_symbol().is_none() {
        return Err(ZrfError::expected("`(PIECE POSITION ...)`", pieces));
    }
    let off = places.iter().position(|p| p.as_symbol() == Some("off"));
    let (on, rest) = places.split_at(off.unwrap_or(places.len()));
    let hand = match rest {
        [] => None,
        [_, n] => Some(list(vec![piece.clone(), n.clone()], pieces.span)),
        _ => return Err(ZrfError::expected("`off N` at the end", pieces)),
    };
    let known: Vec<Node> = on
        .iter()
        .filter_map(|p| match p.as_symbol() {
            Some(name) => board_position(board, name)
                .filter(|q| latest.get(*q) == Some(&p.span))
                .map(|q| crate::forms::sym(q, p.span)),
            None => Some(p.clone()),
        })
        .collect();
    let on_board = (!known.is_empty()).then(|| {
        let mut items = vec![piece.clone()];
        items.extend(known);
        list(items, pieces.span)
    });
    Ok((on_board, hand))
}
