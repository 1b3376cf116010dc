//! Placing pieces: the `players` clause of a game and the `--setup` text share one reader.
//!
//! A setup is `(White (Man c3 i3)) (Black (Man d4 f6 h4)) (turn White)`: the shape of the
//! game's `players` clause, plus the side to move (the first player when omitted).

use crate::error::{CompileError, CompileErrorKind, SetupError, SetupErrorKind};
use crate::model::Game;
use crate::position::Position;
use dagaz_ir::Board;
use dagaz_ir::{Piece, PieceKind, PlayerId};
use dagaz_sexpr::{Node, Span};
use indexmap::IndexSet;

/// Why a placement failed, before it is dressed as a compile or a setup error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlaceError {
    /// What was expected, and the node found instead.
    Expected(&'static str, Span, String),
    Unknown(&'static str, String, Span),
    Occupied(String, Span),
}

pub(crate) struct Placer<'a> {
    pub board: &'a Board,
    pub players: &'a IndexSet<String>,
    pub pieces: &'a IndexSet<String>,
    /// The attributes every placed piece starts with.
    pub attrs: u8,
}

impl Placer<'_> {
    /// `(PLAYER (PIECE pos ...) ...)`: puts the pieces on `position`.
    pub fn place_player(&self, node: &Node, position: &mut Position) -> Result<(), PlaceError> {
        let items = node.as_list().ok_or_else(|| {
            PlaceError::Expected(
                "a player clause such as `(White (Man a1 c1))`",
                node.span,
                node.describe(),
            )
        })?;
        let (who, groups) = items
            .split_first()
            .ok_or_else(|| PlaceError::Expected("a player name", node.span, node.describe()))?;
        let name = who
            .as_symbol()
            .ok_or_else(|| PlaceError::Expected("a player name", who.span, who.describe()))?;
        let owner = self
            .players
            .get_index_of(name)
            .ok_or_else(|| PlaceError::Unknown("player", name.to_string(), who.span))?;
        for group in groups {
            let parts = group.as_list().ok_or_else(|| {
                PlaceError::Expected(
                    "a piece list such as `(Man a1 c1)`",
                    group.span,
                    group.describe(),
                )
            })?;
            let (kind, squares) = parts.split_first().ok_or_else(|| {
                PlaceError::Expected("a piece name", group.span, group.describe())
            })?;
            let kind_name = kind
                .as_symbol()
                .ok_or_else(|| PlaceError::Expected("a piece name", kind.span, kind.describe()))?;
            let kind_index = self
                .pieces
                .get_index_of(kind_name)
                .ok_or_else(|| PlaceError::Unknown("piece", kind_name.to_string(), kind.span))?;
            let piece = Piece {
                owner: PlayerId(owner as u8),
                kind: PieceKind(kind_index as u8),
                attrs: self.attrs,
            };
            for square in squares {
                let pos_name = match &square.kind {
                    dagaz_sexpr::NodeKind::Symbol(s) => s.clone(),
                    dagaz_sexpr::NodeKind::Int(n) => n.to_string(),
                    _ => {
                        return Err(PlaceError::Expected(
                            "a position name",
                            square.span,
                            square.describe(),
                        ))
                    }
                };
                let pos = self.board.lookup(&pos_name).ok_or_else(|| {
                    PlaceError::Unknown("position", pos_name.clone(), square.span)
                })?;
                if position.piece_at(pos).is_some() {
                    return Err(PlaceError::Occupied(pos_name, square.span));
                }
                position.put(pos, Some(piece));
            }
        }
        Ok(())
    }
}

pub(crate) fn to_compile_error(e: PlaceError) -> CompileError {
    match e {
        PlaceError::Expected(what, span, found) => CompileError::new(
            CompileErrorKind::Expected {
                expected: what.to_string(),
                found,
            },
            span,
        ),
        PlaceError::Unknown(what, name, span) => {
            CompileError::new(CompileErrorKind::Unknown { what, name }, span)
        }
        PlaceError::Occupied(name, span) => {
            CompileError::new(CompileErrorKind::Occupied(name), span)
        }
    }
}

fn to_setup_error(e: PlaceError) -> SetupError {
    match e {
        PlaceError::Expected(what, span, _) => SetupError {
            kind: SetupErrorKind::Expected(what),
            span,
        },
        PlaceError::Unknown(what, name, span) => SetupError {
            kind: SetupErrorKind::Unknown { what, name },
            span,
        },
        PlaceError::Occupied(name, span) => SetupError {
            kind: SetupErrorKind::Occupied(name),
            span,
        },
    }
}

impl Game {
    /// A position from a setup text (see the module documentation).
    pub fn setup(&self, text: &str) -> Result<Position, SetupError> {
        let forms = dagaz_sexpr::read(text).map_err(|e| SetupError {
            span: e.span,
            kind: SetupErrorKind::Read(e),
        })?;
        let pieces: IndexSet<String> = self.pieces.iter().map(|p| p.name.clone()).collect();
        let placer = Placer {
            board: &self.board,
            players: &self.players,
            pieces: &pieces,
            attrs: self.default_attrs,
        };
        let mut position = Position::empty(self.board.len(), PlayerId(0));
        let mut turn_seen = false;
        for form in &forms {
            if form.head() == Some("turn") {
                if turn_seen {
                    return Err(SetupError {
                        kind: SetupErrorKind::TurnTwice,
                        span: form.span,
                    });
                }
                turn_seen = true;
                let who = form
                    .as_list()
                    .and_then(|items| match items {
                        [_, who] => Some(who),
                        _ => None,
                    })
                    .ok_or(SetupError {
                        kind: SetupErrorKind::Expected("`(turn PLAYER)`"),
                        span: form.span,
                    })?;
                let name = who.as_symbol().unwrap_or("");
                let player = self.player(name).ok_or_else(|| SetupError {
                    kind: SetupErrorKind::Unknown {
                        what: "player",
                        name: who.to_string(),
                    },
                    span: who.span,
                })?;
                position.set_to_move(player);
            } else {
                placer
                    .place_player(form, &mut position)
                    .map_err(to_setup_error)?;
            }
        }
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use crate::error::SetupErrorKind;

    fn game() -> crate::Game {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../games/simple-checkers.game"
        ))
        .unwrap();
        crate::load(&text).unwrap()
    }

    #[test]
    fn places_pieces_and_the_side_to_move() {
        let g = game();
        let p = g
            .setup("(White (Man c3 i3)) (Black (Man d4)) (turn Black)")
            .unwrap();
        assert_eq!(p.pieces().count(), 3);
        assert_eq!(p.to_move(), g.player("Black").unwrap());
        let p = g.setup("(Black (Man d4))").unwrap();
        assert_eq!(
            p.to_move(),
            g.player("White").unwrap(),
            "the first player by default"
        );
    }

    #[test]
    fn reports_what_is_wrong_where() {
        let g = game();
        let text = "(White (Man c3 z9))";
        let e = g.setup(text).unwrap_err();
        assert_eq!(
            e.kind,
            SetupErrorKind::Unknown {
                what: "position",
                name: "z9".into()
            }
        );
        assert_eq!(&text[e.span.start..e.span.end], "z9");
        let e = g.setup("(White (Man c3)) (Black (Man c3))").unwrap_err();
        assert_eq!(e.kind, SetupErrorKind::Occupied("c3".into()));
        let e = g.setup("(Red (Man c3))").unwrap_err();
        assert_eq!(
            e.kind,
            SetupErrorKind::Unknown {
                what: "player",
                name: "Red".into()
            }
        );
        let e = g.setup("(White (King c3))").unwrap_err();
        assert_eq!(
            e.kind,
            SetupErrorKind::Unknown {
                what: "piece",
                name: "King".into()
            }
        );
        let e = g.setup("(turn White) (turn Black)").unwrap_err();
        assert_eq!(e.kind, SetupErrorKind::TurnTwice);
        let e = g.setup("(turn)").unwrap_err();
        assert_eq!(e.kind, SetupErrorKind::Expected("`(turn PLAYER)`"));
        assert!(matches!(
            g.setup("(White").unwrap_err().kind,
            SetupErrorKind::Read(_)
        ));
    }
}
