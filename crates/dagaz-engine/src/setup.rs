//! Placing pieces: the `players` clause of a game and the `--setup` text share one reader.
//!
//! A setup is `(White (Man c3 i3)) (Black (Man d4 f6 h4)) (turn White)`: the shape of the
//! game's `players` clause, plus the side to move (the first player when omitted).

use crate::error::{SetupError, SetupErrorKind};
use crate::model::Game;
use crate::position::Position;
use dagaz_compiler::{PlaceError, Placer};
use dagaz_syntax::{SyntaxError, SyntaxErrorKind};
use indexmap::IndexSet;

/// A shape error of an entry, as the setup reports it: what was expected.
fn shape_error(e: SyntaxError) -> SetupError {
    let kind = match e.kind {
        SyntaxErrorKind::Expected { expected, .. } => SetupErrorKind::Expected(expected),
        other => SetupErrorKind::Shape(other),
    };
    SetupError { kind, span: e.span }
}

fn to_setup_error(e: PlaceError) -> SetupError {
    match e {
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
        let pieces: IndexSet<String> = self.rules.pieces.iter().map(|p| p.name.clone()).collect();
        let placer = Placer {
            board: &self.rules.board,
            players: &self.rules.players,
            pieces: &pieces,
            attrs: self.rules.default_attrs,
        };
        let mut position = self.empty_position(self.rules.turns.first().player);
        let mut turn_seen = false;
        for form in &forms {
            if form.head() == Some(dagaz_syntax::Keyword::Turn.text()) {
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
                        kind: SetupErrorKind::Expected("`(turn PLAYER)`".into()),
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
                let turn = self.turns().turn_of(player).ok_or_else(|| SetupError {
                    kind: SetupErrorKind::NeverMoves(name.to_string()),
                    span: who.span,
                })?;
                position.set_turn(turn);
            } else {
                let player = dagaz_syntax::player(form).map_err(shape_error)?;
                let placed = placer.place_player(&player, &mut position.cells);
                if let Some(e) = placed.into_iter().next() {
                    return Err(to_setup_error(e));
                }
                self.fill_hand(&player, &mut position)?;
            }
        }
        self.start_history(&mut position);
        Ok(position)
    }
}

impl Game {
    /// A setup's `(hand (PIECE N) ...)` for one player.
    fn fill_hand(
        &self,
        player: &dagaz_syntax::Player,
        position: &mut Position,
    ) -> Result<(), SetupError> {
        let Some(who) = self.player(&player.name.text) else {
            return Ok(()); // `place_player` has said so already.
        };
        for entry in &player.hand {
            if !self.rules.has_hands() {
                return Err(SetupError {
                    kind: SetupErrorKind::Expected(
                        "pieces on positions (this game has no hands)".into(),
                    ),
                    span: entry.span,
                });
            }
            let kind = self
                .piece_kind(&entry.kind.text)
                .ok_or_else(|| SetupError {
                    kind: SetupErrorKind::Unknown {
                        what: "piece type",
                        name: entry.kind.text.clone(),
                    },
                    span: entry.kind.span,
                })?;
            let n = entry.count.map_or(dagaz_compiler::UNLIMITED, |n| {
                u16::try_from(n).unwrap_or(dagaz_compiler::UNLIMITED - 1)
            });
            position.set_in_hand(who, kind, n);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::error::SetupErrorKind;

    fn game() -> crate::Game {
        crate::shipped::game("simple-checkers.game")
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
        assert_eq!(e.kind, SetupErrorKind::Expected("`(turn PLAYER)`".into()));
        let e = g.setup("(White (Man c3) (1 a1))").unwrap_err();
        assert_eq!(e.kind, SetupErrorKind::Expected("a piece name".into()));
        assert!(matches!(
            g.setup("(White").unwrap_err().kind,
            SetupErrorKind::Read(_)
        ));
    }
}
