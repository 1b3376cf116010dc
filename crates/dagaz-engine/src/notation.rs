//! Turning values into text, for move notation and listings.

use crate::model::Game;
use crate::value::Value;

/// A value as text: positions, directions, players and pieces by name. With `quoted`, strings
/// are shown in quotes (for listings); without, as they are (for notation).
pub fn render_value(game: &Game, value: Value, quoted: bool) -> String {
    match value {
        Value::Int(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Str(id) if quoted => format!("{:?}", game.string(id)),
        Value::Str(id) => game.string(id).to_string(),
        Value::Pos(p) => game.board().position_name(p).to_string(),
        Value::Dir(d) => game.board().direction_name(d).to_string(),
        Value::Player(p) => game.player_name(p).to_string(),
        Value::Piece(k) => game.piece_name(k).to_string(),
    }
}
