//! Disassembly of a piece type's chain with the game's names restored.

use crate::model::Game;
use crate::notation::render_value;
use dagaz_ir::{Dir, Names, PieceKind, Pos, Value};

/// The game lends its names to the disassembler.
impl Names for Game {
    fn value(&self, value: Value) -> String {
        render_value(self, value, true)
    }

    fn global(&self, slot: u16) -> &str {
        self.global_name(slot)
    }

    fn direction(&self, dir: Dir) -> &str {
        self.board().direction_name(dir)
    }

    fn position(&self, pos: Pos) -> String {
        self.board().label(pos)
    }

    fn zone(&self, zone: u16) -> &str {
        self.zones().name(zone as usize)
    }

    fn attribute(&self, bit: u8) -> &str {
        self.attributes
            .get_index(bit as usize)
            .map_or("?", String::as_str)
    }

    fn turn_variable(&self, slot: u8) -> &str {
        self.turn_variables
            .get_index(slot as usize)
            .map_or("?", String::as_str)
    }

    fn piece(&self, kind: PieceKind) -> &str {
        self.piece_name(kind)
    }
}

impl Game {
    /// A readable listing of piece type number `piece`'s command chain, one command a line
    /// with the game's names restored (empty when there is no such piece type). The listing
    /// is for people: its format may change between versions.
    pub fn disassemble(&self, piece: usize) -> String {
        self.piece_types()
            .get(piece)
            .map(|p| dagaz_ir::disassemble(&p.program, self))
            .unwrap_or_default()
    }
}
