//! Disassembly of a piece type's chain with the game's names restored.

use crate::model::Game;

impl Game {
    /// A readable listing of piece type number `piece`'s command chain, one command a line
    /// with the game's names restored (empty when there is no such piece type). The listing
    /// is for people: its format may change between versions.
    pub fn disassemble(&self, piece: usize) -> String {
        self.rules
            .pieces
            .get(piece)
            .map(|p| dagaz_ir::disassemble(&p.program, &self.rules))
            .unwrap_or_default()
    }
}
