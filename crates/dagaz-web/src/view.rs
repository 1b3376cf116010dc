//! The JSON the page draws from: a `View` of the position (board, pieces, hands, seeds, legal
//! moves, history, FEN, the end) and each legal `Move` with the squares it passes through.
//! docs/web.md, "The wasm API", describes every field.

use crate::geometry::Layout;
use crate::geometry::Shape;
use dagaz_engine::{
    Action, BoardStyle, Game, Move, Piece, PieceKind, PlayerId, Pos, Position, Value,
};
use dagaz_search::{GameOver, GameRecord};
use serde_json::{json, Value as Json};

/// What a view is made of: the game, its record, the legal moves of the current position in
/// the order the view lists them, how many plies `redo` can replay, and the end, if the game
/// is over.
pub struct Parts<'a> {
    pub game: &'a Game,
    pub layout: &'a Layout,
    pub record: &'a GameRecord,
    pub moves: &'a [Move],
    /// Each legal move as a person reads it (SAN where the game declares it), in `moves`'
    /// order; empty to write the moves' notation.
    pub moves_written: &'a [String],
    /// Each move of the record as a person reads it; empty to write their notation.
    pub history_written: &'a [String],
    pub redo: usize,
    pub over: Option<&'a GameOver>,
}

/// The `View` JSON.
pub fn view(parts: &Parts<'_>) -> Json {
    let Parts {
        game,
        layout,
        record,
        moves,
        moves_written,
        history_written,
        redo,
        over,
    } = *parts;
    let position = record.position();
    let chance_players: Vec<usize> = players(game)
        .filter(|&p| game.turns().is_chance(p))
        .map(PlayerId::index)
        .collect();
    let players: Vec<&str> = players(game).map(|p| game.player_name(p)).collect();
    // Chance's moves are drawn, each as likely as its probability says.
    let chance = game.is_chance(position);
    let probabilities = if chance {
        dagaz_engine::probabilities(moves)
    } else {
        Vec::new()
    };
    let history: Vec<String> = record.moves().map(|mv| mv.notation(game)).collect();
    let written = if history_written.is_empty() {
        history.clone()
    } else {
        history_written.to_vec()
    };
    json!({
        "title": game.name(),
        "players": players,
        "toMove": position.to_move().index(),
        "chance": chance,
        "chancePlayers": chance_players,
        "board": board(game, layout),
        "look": look(game, layout, position),
        "pieces": pieces(game, position),
        "hands": hands(game, position),
        "seeds": seeds(game, position),
        "moves": moves.iter().enumerate().map(|(i, mv)| {
            let written = moves_written.get(i).cloned().unwrap_or_else(|| mv.notation(game));
            let mut json = move_json(game, i, mv, written);
            if let (Some(p), Some(fields)) = (probabilities.get(i), json.as_object_mut()) {
                fields.insert("probability".into(), json!(p.to_string()));
            }
            json
        }).collect::<Vec<_>>(),
        "history": history,
        "written": written,
        "redo": redo,
        "fen": game.to_fen(position),
        "over": over.map(|o| json!({
            "text": o.text,
            "winner": o.winner.map(PlayerId::index),
            "draw": o.draw,
        })),
    })
}

fn players(game: &Game) -> impl Iterator<Item = PlayerId> {
    (0..game.player_count()).filter_map(PlayerId::from_index)
}

fn kinds(game: &Game) -> impl Iterator<Item = PieceKind> {
    (0..game.piece_count()).filter_map(PieceKind::from_index)
}

fn board(game: &Game, layout: &Layout) -> Json {
    let board = game.board();
    let zones = game.zones();
    let cells: Vec<Json> = layout
        .cells
        .iter()
        .map(|cell| {
            // A zone is named on a cell that is in it for any player: the page colours the
            // promotion rows of both sides.
            let in_zones: Vec<&str> = (0..zones.count())
                .filter(|&z| players(game).any(|p| zones.contains(z, p, cell.pos)))
                .map(|z| zones.name(z))
                .collect();
            json!({
                "name": board.position_name(cell.pos),
                "x": cell.x,
                "y": cell.y,
                "dark": board.is_dark(cell.pos),
                "number": board.number_of(cell.pos),
                "zones": in_zones,
            })
        })
        .collect();
    let labels: Vec<Json> = layout
        .labels
        .iter()
        .map(|l| json!({"text": l.text, "x": l.x, "y": l.y}))
        .collect();
    json!({
        "shape": layout.shape.as_str(),
        "width": layout.width,
        "height": layout.height,
        "cells": cells,
        "labels": labels,
    })
}

fn pieces(game: &Game, position: &Position) -> Vec<Json> {
    position
        .pieces()
        .map(|(at, piece)| {
            let mut out = json!({
                "at": game.board().position_name(at),
                "owner": piece.owner.index(),
                "kind": game.piece_name(piece.kind),
            });
            dress(&mut out, game, piece);
            out
        })
        .collect()
}

/// The fields a piece is drawn with: `glyph` (the view's, else the game's figure), `shape`,
/// `promoted` and `image` (each `null` when the view does not say).
fn dress(out: &mut Json, game: &Game, piece: Piece) {
    let look = game.view().pieces.get(piece.kind.index());
    let own = |list: Option<&Vec<Option<String>>>| -> Option<String> {
        list?.get(piece.owner.index())?.clone()
    };
    let glyph = own(look.map(|l| &l.glyphs))
        .unwrap_or_else(|| game.figure(piece.owner, piece.kind).to_string());
    if let Json::Object(map) = out {
        map.insert("glyph".into(), json!(glyph));
        map.insert(
            "shape".into(),
            json!(look.and_then(|l| l.shape).map(|s| s.as_str())),
        );
        map.insert("promoted".into(), json!(look.is_some_and(|l| l.promoted)));
        map.insert("image".into(), json!(own(look.map(|l| &l.images))));
    }
}

/// How the board is drawn: its style (the view's, else hexes for a hexagonal grid, pits for a
/// sowing game, chequered squares otherwise), colours and marks.
fn look(game: &Game, layout: &Layout, position: &Position) -> Json {
    let view = game.view();
    let style = view.board.unwrap_or(match layout.shape {
        Shape::Hex => BoardStyle::Hexes,
        Shape::Square if position.has_seeds() => BoardStyle::Pits,
        Shape::Square => BoardStyle::Chequered,
    });
    let name = |at: &Pos| game.board().position_name(*at);
    let c = &view.colours;
    json!({
        "board": style.as_str(),
        "colours": {
            "light": c.light, "dark": c.dark, "board": c.board, "lines": c.lines,
            "promoted": c.promoted,
        },
        "players": c.players.iter().map(|(fill, ink)| json!({"fill": fill, "ink": ink}))
            .collect::<Vec<_>>(),
        "points": view.points.iter().map(name).collect::<Vec<_>>(),
        "lines": view.lines.iter().map(|l| l.iter().map(name).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        "river": view.river.map(|(a, b)| [name(&a), name(&b)]),
        "stores": view.stores.iter().map(name).collect::<Vec<_>>(),
        // Only the dice thrown: a variable unset (`false`, before any throw) shows no die.
        "dice": view.dice.iter().filter_map(|&slot| match position.turn_value(slot) {
                Value::Int(n) => Some(n),
                _ => None,
            })
            .collect::<Vec<_>>(),
        "edges": view.edges.iter()
            .map(|(p, cells)| json!({"player": p.index(), "cells": cells.iter().map(name).collect::<Vec<_>>()}))
            .collect::<Vec<_>>(),
    })
}

/// The pieces each player holds off the board, when it holds some (a hand that never runs out
/// is not listed, as `dagaz play` does not show it).
fn hands(game: &Game, position: &Position) -> Vec<Json> {
    if !game.has_hands() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for owner in players(game) {
        for kind in kinds(game) {
            if let Some(count @ 1..) = position.in_hand(owner, kind) {
                let mut entry = json!({
                    "owner": owner.index(),
                    "kind": game.piece_name(kind),
                    "count": count,
                });
                dress(&mut entry, game, Piece::new(owner, kind));
                out.push(entry);
            }
        }
    }
    out
}

/// The seeds on every position, empty ones too, in a sowing game.
fn seeds(game: &Game, position: &Position) -> Vec<Json> {
    if !position.has_seeds() {
        return Vec::new();
    }
    game.board()
        .positions()
        .map(|at| json!({"at": game.board().position_name(at), "count": position.seeds_at(at)}))
        .collect()
}

/// One legal move, number `i` of the view, `written` as a person reads it.
pub fn move_json(game: &Game, i: usize, mv: &Move, written: String) -> Json {
    let name = |at: Pos| game.board().position_name(at).to_string();
    let taken = mv.actions().iter().find_map(|a| match a {
        Action::Take { piece, .. } => Some(piece.kind),
        Action::FromHand { kind, .. } => Some(*kind),
        _ => None,
    });
    let hand = mv.actions().iter().find_map(|a| match a {
        Action::FromHand { kind, .. } => Some(game.piece_name(*kind)),
        _ => None,
    });
    let dropped = mv.landing().map(|(_, piece)| piece.kind);
    let promotes = match (taken, dropped) {
        (Some(from), Some(to)) if from != to => Some(game.piece_name(to)),
        _ => None,
    };
    json!({
        "i": i,
        "text": mv.notation(game),
        "written": written,
        "path": path(mv).into_iter().map(name).collect::<Vec<_>>(),
        "captures": captures(mv).into_iter().map(name).collect::<Vec<_>>(),
        "hand": hand,
        "promotes": promotes,
        "weight": mv.weight(),
    })
}

/// Every board position the move passes through, in order: its first `Take`, each position
/// its notation logs, its last `Drop`, with consecutive repeats removed.
pub fn path(mv: &Move) -> Vec<Pos> {
    let take = mv.actions().iter().find_map(|a| match a {
        Action::Take { at, .. } => Some(*at),
        _ => None,
    });
    let logged = mv.logged().iter().filter_map(|v| match v {
        Value::Pos(at) => Some(*at),
        _ => None,
    });
    let drop = mv.landing().map(|(at, _)| at);
    let mut out: Vec<Pos> = Vec::new();
    for at in take.into_iter().chain(logged).chain(drop) {
        if out.last() != Some(&at) {
            out.push(at);
        }
    }
    out
}

/// Where the move removes an enemy piece: its `Capture`s, and the squares where it puts a
/// piece on one of another player's (chess captures by replacement), in the move's order.
pub fn captures(mv: &Move) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    for action in mv.actions() {
        let at = match action {
            Action::Capture { at, .. } => *at,
            Action::Drop {
                at,
                piece,
                replaced: Some(gone),
            } if gone.owner != piece.owner => *at,
            _ => continue,
        };
        if !out.contains(&at) {
            out.push(at);
        }
    }
    out
}
