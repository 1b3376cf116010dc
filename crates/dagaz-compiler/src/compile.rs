//! From forms to [`Rules`]: the board, the players and their symmetries, each piece's command
//! chain, and the start position.

use crate::board;
use crate::chain::{ChainCompiler, Names};
use crate::declarations;
use crate::error::{CompileError, CompileErrorKind, LoadError};
use crate::macros::Macros;
use crate::placement::{self, Placer};
use crate::rules::{PieceType, Rules};
use crate::syntax::{self, Result};
use dagaz_ir::{Board, Zones};
use dagaz_ir::{Dir, PlayerId};
use dagaz_sexpr::Node;
use indexmap::{IndexMap, IndexSet};

/// Reads and compiles a `.game` text.
pub fn load(text: &str) -> std::result::Result<Rules, LoadError> {
    let forms = dagaz_sexpr::read(text)?;
    Ok(compile(&forms)?)
}

/// Compiles the top-level forms of a game file: `(board ...)`, `(piece ...)`, `(game ...)`.
pub fn compile(forms: &[Node]) -> Result<Rules> {
    let mut boards = IndexMap::new();
    let mut pieces: IndexMap<String, &Node> = IndexMap::new();
    let mut macros = Macros::default();
    let mut game_form = None;
    for form in forms {
        let items = syntax::list(form, "a `(board ...)`, `(piece ...)` or `(game ...)` form")?;
        let head = items.first().and_then(Node::as_symbol).unwrap_or("");
        match head {
            "board" => {
                let board = board::board(form)?;
                if boards.contains_key(board.name()) {
                    return Err(duplicate("board", board.name(), form));
                }
                boards.insert(board.name().to_string(), board);
            }
            "piece" => {
                let (name, _) = syntax::name_of(items, form)?;
                if pieces.insert(name.to_string(), form).is_some() {
                    return Err(duplicate("piece", name, form));
                }
            }
            "define" => macros.define(form)?,
            "game" => {
                if game_form.is_some() {
                    return Err(duplicate("game", "", form));
                }
                game_form = Some(form);
            }
            other => {
                return Err(CompileError::new(
                    CompileErrorKind::UnknownTopLevel(other.to_string()),
                    form.span,
                ))
            }
        }
    }
    let game_form =
        game_form.ok_or_else(|| CompileError::new(CompileErrorKind::NoGame, Default::default()))?;
    let items = syntax::list(game_form, "a `(game ...)` form")?;
    let (name, _) = syntax::name_of(items, game_form)?;
    for clause in syntax::args(items) {
        match clause.head() {
            Some(
                "name" | "board" | "players" | "symmetry" | "zone" | "fen" | "unique-moves"
                | "attribute" | "turn-variable" | "royal" | "attacks" | "win" | "loss" | "draw"
                | "evaluation",
            ) => {}
            Some(other) => {
                return Err(CompileError::new(
                    CompileErrorKind::UnknownGameClause(other.to_string()),
                    clause.span,
                ))
            }
            None => return Err(syntax::expected("a clause such as `(players ...)`", clause)),
        }
    }
    let board = game_board(items, game_form, &mut boards)?;

    if pieces.len() > u8::MAX as usize {
        return Err(CompileError::new(
            CompileErrorKind::TooMany {
                what: "piece types",
                max: u8::MAX as usize,
            },
            game_form.span,
        ));
    }
    let piece_names: IndexSet<String> = pieces.keys().cloned().collect();
    let players_form = sub_form(items, "players")
        .ok_or_else(|| syntax::expected("a `(players ...)` clause", game_form))?;
    let player_lists = syntax::args(syntax::list(players_form, "a `(players ...)` clause")?);
    let mut players = IndexSet::new();
    for list in player_lists {
        let entry = syntax::list(list, "a player clause such as `(White (Man a1 c1))`")?;
        let first = entry
            .first()
            .ok_or_else(|| syntax::expected("a player name", list))?;
        let player = syntax::symbol(first, "a player name")?;
        if !players.insert(player.to_string()) {
            return Err(duplicate("player", player, first));
        }
    }
    if players.is_empty() {
        return Err(CompileError::new(
            CompileErrorKind::NoPlayers,
            players_form.span,
        ));
    }
    if players.len() > u8::MAX as usize {
        return Err(CompileError::new(
            CompileErrorKind::TooMany {
                what: "players",
                max: u8::MAX as usize,
            },
            players_form.span,
        ));
    }
    let symmetry = symmetries(items, &board, &players)?;
    let zones = zones(items, &board, &players)?;

    let (attributes, default_attrs) = declarations::attributes(items)?;
    let turn_variables = declarations::turn_variables(items)?;
    let mut globals = IndexSet::new();
    let mut strings = IndexSet::new();
    let mut piece_types = Vec::with_capacity(pieces.len());
    for (piece_name, form) in &pieces {
        let mut names = Names {
            board: &board,
            pieces: &piece_names,
            players: &players,
            globals: &mut globals,
            strings: &mut strings,
            zones: &zones,
            macros: &macros,
            attributes: &attributes,
            turn_variables: &turn_variables,
        };
        let (program, notation) = compile_piece(form, &mut names)?;
        let span = syntax::list(form, "a `(piece ...)` form")
            .and_then(|items| syntax::name_of(items, form))
            .map_or(form.span, |(_, span)| span);
        piece_types.push(PieceType {
            name: piece_name.clone(),
            program,
            notation,
            span,
        });
    }

    let mut initial = vec![None; board.len()];
    let placer = Placer {
        board: &board,
        players: &players,
        pieces: &piece_names,
        attrs: default_attrs,
    };
    for list in player_lists {
        placer
            .place_player(list, &mut initial)
            .map_err(placement::to_compile_error)?;
    }

    if let Some(second) = items.iter().filter(|n| n.head() == Some("fen")).nth(1) {
        return Err(duplicate("fen", "", second));
    }
    let declared = declarations::Declared {
        board: &board,
        players: &players,
        pieces: &piece_names,
        attributes: &attributes,
        default_attrs,
        turn_variables: &turn_variables,
    };
    let fen = match sub_form(items, "fen") {
        Some(form) => Some(declarations::fen(form, &declared)?),
        None => None,
    };
    let royal = declarations::royal(items, &piece_names)?;
    let attacks = declarations::attacks(items)?;
    let (goals, history_goals) = declarations::goals(items, &piece_names)?;
    let evaluation = declarations::evaluation(items, &declared)?;

    let unique_by_path = match sub_form(items, "unique-moves") {
        None => false,
        Some(form) => {
            let parts = syntax::list(form, "`(unique-moves actions)` or `(unique-moves paths)`")?;
            let args = syntax::arity::<1>("unique-moves", parts, form.span)?;
            match args[0].as_symbol() {
                Some("actions") => false,
                Some("paths") => true,
                _ => return Err(syntax::expected("`actions` or `paths`", &args[0])),
            }
        }
    };

    Ok(Rules {
        name: name.to_string(),
        board,
        players,
        symmetry,
        pieces: piece_types,
        strings,
        globals,
        zones,
        unique_by_path,
        fen,
        attributes,
        default_attrs,
        turn_variables,
        royal,
        attacks,
        goals,
        history_goals,
        evaluation,
        initial,
    })
}

fn duplicate(what: &str, name: &str, node: &Node) -> CompileError {
    CompileError::new(
        CompileErrorKind::Duplicate(what.to_string(), name.to_string()),
        node.span,
    )
}

/// The first sub-form `(head ...)` among `items`.
fn sub_form<'a>(items: &'a [Node], head: &str) -> Option<&'a Node> {
    items.iter().find(|n| n.head() == Some(head))
}

/// The board a game names with `(board NAME)`, or the only board when it names none.
fn game_board(items: &[Node], game: &Node, boards: &mut IndexMap<String, Board>) -> Result<Board> {
    match sub_form(items, "board") {
        Some(form) => {
            let parts = syntax::list(form, "`(board NAME)`")?;
            let args = syntax::arity::<1>("board", parts, form.span)?;
            let name = syntax::text(&args[0], "a board name")?;
            boards.shift_remove(name).ok_or_else(|| {
                CompileError::new(
                    CompileErrorKind::Unknown {
                        what: "board",
                        name: name.to_string(),
                    },
                    args[0].span,
                )
            })
        }
        None if boards.len() == 1 => boards
            .shift_remove_index(0)
            .map(|(_, b)| b)
            .ok_or_else(|| syntax::expected("a `(board ...)` form", game)),
        None => Err(syntax::expected(
            "a `(board NAME)` clause naming the game's board",
            game,
        )),
    }
}

/// `(symmetry PLAYER (from to) ...)` clauses: per player, the direction each name stands for.
fn symmetries(items: &[Node], board: &Board, players: &IndexSet<String>) -> Result<Vec<Vec<Dir>>> {
    let identity: Vec<Dir> = (0..board.direction_count()).map(|d| Dir(d as u8)).collect();
    let mut table = vec![identity; players.len()];
    for form in items.iter().filter(|n| n.head() == Some("symmetry")) {
        let parts = syntax::args(syntax::list(form, "a `(symmetry ...)` clause")?);
        let (who, pairs) = parts
            .split_first()
            .ok_or_else(|| syntax::expected("a player name", form))?;
        let player_name = syntax::symbol(who, "a player name")?;
        let player = players.get_index_of(player_name).ok_or_else(|| {
            CompileError::new(
                CompileErrorKind::Unknown {
                    what: "player",
                    name: player_name.to_string(),
                },
                who.span,
            )
        })?;
        for pair in pairs {
            let ends = syntax::list(pair, "a pair of directions such as `(nw se)`")?;
            let [from, to] = ends else {
                return Err(syntax::expected(
                    "a pair of directions such as `(nw se)`",
                    pair,
                ));
            };
            let dir = |n: &Node| -> Result<Dir> {
                let name = syntax::symbol(n, "a direction name")?;
                board.direction(name).ok_or_else(|| {
                    CompileError::new(
                        CompileErrorKind::Unknown {
                            what: "direction",
                            name: name.to_string(),
                        },
                        n.span,
                    )
                })
            };
            let (from, to) = (dir(from)?, dir(to)?);
            if let Some(slot) = table.get_mut(player).and_then(|t| t.get_mut(from.index())) {
                *slot = to;
            }
        }
    }
    Ok(table)
}

/// `(zone (name Z) (players P ...) (positions POS ...))` clauses.
fn zones(items: &[Node], board: &Board, players: &IndexSet<String>) -> Result<Zones> {
    let mut zones = Zones::new(players.len(), board.len());
    for form in items.iter().filter(|n| n.head() == Some("zone")) {
        let parts = syntax::list(form, "a `(zone ...)` clause")?;
        let (name, _) = syntax::name_of(parts, form)?;
        let zone = zones.declare(name);
        let mut owners = Vec::new();
        let mut squares = Vec::new();
        for clause in syntax::args(parts) {
            let list = syntax::list(clause, "`(name ...)`, `(players ...)` or `(positions ...)`")?;
            match clause.head() {
                Some("name") => {}
                Some("players") => {
                    for who in syntax::args(list) {
                        let player = syntax::symbol(who, "a player name")?;
                        let id = players
                            .get_index_of(player)
                            .ok_or_else(|| unknown("player", player, who))?;
                        owners.push(PlayerId(id as u8));
                    }
                }
                Some("positions") => {
                    for square in syntax::args(list) {
                        let text = square.to_string();
                        squares.push(
                            board
                                .lookup(&text)
                                .ok_or_else(|| unknown("position", &text, square))?,
                        );
                    }
                }
                _ => {
                    return Err(syntax::expected(
                        "`(name ...)`, `(players ...)` or `(positions ...)`",
                        clause,
                    ))
                }
            }
        }
        for &owner in &owners {
            for &pos in &squares {
                zones.add(zone, owner, pos);
            }
        }
    }
    Ok(zones)
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

/// `(piece (name N) [(notation "n")] (pre ...) (move ...)* (post ...))`.
fn compile_piece(
    form: &Node,
    names: &mut Names<'_>,
) -> Result<(dagaz_ir::Program, Option<String>)> {
    let items = syntax::list(form, "a `(piece ...)` form")?;
    let mut pre: Option<&[Node]> = None;
    let mut post: Option<&[Node]> = None;
    let mut moves = Vec::new();
    let mut notation = None;
    for item in syntax::args(items) {
        let parts = syntax::list(
            item,
            "a `(name ...)`, `(notation ...)`, `(pre ...)`, `(move ...)` or `(post ...)` clause",
        )?;
        match item.head() {
            Some("name") => {}
            Some("notation") => {
                let args = syntax::arity::<1>("notation", parts, item.span)?;
                notation = Some(syntax::text(&args[0], "the piece's notation, such as \"q\"")?.to_string());
            }
            Some("move") => moves.push(item),
            Some(which @ ("pre" | "post")) => {
                let slot = if which == "pre" { &mut pre } else { &mut post };
                if slot.is_some() {
                    return Err(duplicate(which, "", item));
                }
                *slot = Some(syntax::args(parts));
            }
            _ => {
                return Err(syntax::expected(
                    "a `(name ...)`, `(notation ...)`, `(pre ...)`, `(move ...)` or `(post ...)` clause",
                    item,
                ))
            }
        }
    }
    let program =
        ChainCompiler::new(names).piece(pre.unwrap_or(&[]), &moves, post.unwrap_or(&[]))?;
    Ok((program, notation))
}
