//! `MoveTile`: the pieces of one tile (the types of one `(tile N)`), moved one step at once,
//! as the sliding-block puzzles move their blocks.

use super::{Context, Processor};
use crate::error::GenErrorKind;
use crate::expr::pop;
use dagaz_ir::{Dir, PieceKind, Pos, Value};
use smallvec::SmallVec;

/// Each piece of a tile with its target: where it stands, where it goes.
type Steps = SmallVec<[(Pos, Pos); 8]>;

impl Processor {
    /// `MoveTile`: the piece here and the other pieces of its tile go one step along the
    /// direction popped; fails when one of them cannot.
    pub(super) fn move_tile_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let dir = match pop(&mut self.stack)? {
            Value::Dir(d) => d.turned(cx.symmetry),
            other => {
                return Err(GenErrorKind::WrongType {
                    expected: "a direction",
                    found: other.value_type(),
                })
            }
        };
        let Some(steps) = self.tile_steps(cx, dir)? else {
            return Ok(false);
        };
        let moved = self.state.move_tile(&steps, &mut self.trail);
        self.act_moved(cx, &moved)?;
        Ok(true)
    }

    /// The steps of the tile of the piece here along `dir`, its own first and the others in
    /// board order; `None` when a step leaves the board or lands on a piece not of the tile.
    /// A piece of no tile (0) is a tile of its own. Errors when the position is empty.
    fn tile_steps(&self, cx: &Context<'_>, dir: Dir) -> Result<Option<Steps>, GenErrorKind> {
        let here = self.state.current;
        let piece = self.state.here().ok_or(GenErrorKind::TileEmpty)?;
        let tile_of = |kind: PieceKind| cx.program.tiles.get(kind.index()).copied().unwrap_or(0);
        let tile = tile_of(piece.kind);
        // The whole board is read: where the tile's pieces stand, and what each target holds.
        self.state.note_all();
        let mut from: SmallVec<[Pos; 8]> = SmallVec::new();
        from.push(here);
        if tile != 0 {
            let cells = self.state.cells.iter().enumerate();
            let members = cells.filter(|&(i, cell)| {
                i != here.index() && cell.is_some_and(|p| tile_of(p.kind) == tile)
            });
            from.extend(members.filter_map(|(i, _)| Pos::from_index(i)));
        }
        let mut steps = Steps::new();
        for &at in &from {
            let Some(to) = cx.board.step(dir, at) else {
                return Ok(None);
            };
            let occupied = self
                .state
                .cells
                .get(to.index())
                .copied()
                .flatten()
                .is_some();
            if occupied && !from.contains(&to) {
                return Ok(None);
            }
            steps.push((at, to));
        }
        Ok(Some(steps))
    }
}
