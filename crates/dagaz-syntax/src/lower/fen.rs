//! The `(fen ...)` clause of a game: PDN's colours and pieces, or a standard FEN's letters,
//! turn, castling rights and counts.

use super::Lower;
use crate::error::SyntaxError;
use crate::keyword::Keyword;
use crate::shape::{self, Result};
use crate::tree::{
    Fen, FenCastling, FenCount, FenPiece, FenRanks, Ident, Letter, PdnFen, StandardFen,
};
use dagaz_sexpr::Node;

impl Lower {
    /// `(fen pdn ...)` or `(fen standard ...)`.
    pub(super) fn fen(&mut self, clause: &Node, parts: &[Node]) -> Option<Fen> {
        let Some(style) = parts.get(1) else {
            self.errors.push(SyntaxError::expected(
                "a FEN style (`pdn`, `standard` or `sfen`)",
                clause,
            ));
            return None;
        };
        let rest = parts.get(2..).unwrap_or(&[]);
        match Keyword::from_text(style.as_symbol().unwrap_or("")) {
            Some(Keyword::Pdn) => self.pdn(clause, rest).map(Fen::Pdn),
            Some(Keyword::Standard) => self.standard(clause, rest).map(Fen::Standard),
            Some(Keyword::Sfen) => self.standard(clause, rest).map(|mut spec| {
                spec.sfen = true;
                Fen::Standard(spec)
            }),
            _ => {
                self.errors.push(SyntaxError::expected(
                    "the FEN style `pdn`, `standard` or `sfen`",
                    style,
                ));
                None
            }
        }
    }

    /// `(fen pdn (W White) (B Black) (man Man) (king King))`.
    fn pdn(&mut self, clause: &Node, rest: &[Node]) -> Option<PdnFen> {
        let mut colors = Vec::new();
        let (mut man, mut king) = (None, None);
        let (mut saw_man, mut saw_king) = (false, false);
        for pair in rest {
            let parts = shape::list(pair, "`(LETTER PLAYER)`, `(man PIECE)` or `(king PIECE)`")
                .and_then(|parts| match parts {
                    [head, value] => Ok((head, value)),
                    _ => Err(SyntaxError::expected(
                        "a pair such as `(W White)` or `(man Man)`",
                        pair,
                    )),
                })
                .and_then(|(head, value)| {
                    Ok((
                        shape::symbol(head, "a colour letter, `man` or `king`")?,
                        head,
                        value,
                    ))
                });
            let Some((head_text, head, value)) = self.ok(parts) else {
                continue;
            };
            match Keyword::from_text(head_text) {
                Some(Keyword::Man) => {
                    saw_man = true;
                    man = self.ok(shape::ident(value, "a piece type")).or(man);
                }
                Some(Keyword::King) => {
                    saw_king = true;
                    king = self.ok(shape::ident(value, "a piece type")).or(king);
                }
                _ => {
                    let color = shape::letter(
                        head,
                        "a colour letter, `man` or `king`",
                        "a one-letter colour such as `W`",
                    )
                    .and_then(|letter| Ok((letter, shape::ident(value, "a player name")?)));
                    if let Some(color) = self.ok(color) {
                        colors.push(color);
                    }
                }
            }
        }
        if !saw_man {
            self.errors
                .push(SyntaxError::expected("a `(man PIECE)` pair", clause));
        }
        if !saw_king {
            self.errors
                .push(SyntaxError::expected("a `(king PIECE)` pair", clause));
        }
        Some(PdnFen {
            colors,
            man: man?,
            king: king?,
            span: clause.span,
        })
    }

    /// `(fen standard (pieces ...) (turn ...) [(castling ...)] [(en-passant ...)])`.
    fn standard(&mut self, clause: &Node, rest: &[Node]) -> Option<StandardFen> {
        let mut spec = StandardFen {
            pieces: Vec::new(),
            turn: Vec::new(),
            castling: None,
            en_passant: None,
            counts: Vec::new(),
            forbidden_ranks: Vec::new(),
            hands: false,
            sfen: false,
            promoted: None,
            span: clause.span,
        };
        let (mut pieces, mut turn) = (0, 0);
        for sub in rest {
            let what = "`(pieces ...)`, `(turn ...)`, `(castling ...)`, `(en-passant ...)`, `(piece-count ...)`, `(forbidden-ranks ...)`, `(hands)` or `(promoted ...)`";
            let Some(list) = self.ok(shape::list(sub, what)) else {
                continue;
            };
            let args = shape::args(list);
            match shape::head(sub) {
                Some(Keyword::Pieces) => {
                    pieces += args.len();
                    for entry in args {
                        if let Some(piece) = self.ok(fen_piece(entry)) {
                            spec.pieces.push(piece);
                        }
                    }
                }
                Some(Keyword::Turn) => {
                    turn += args.len();
                    for entry in args {
                        if let Some(entry) = self.ok(fen_turn(entry)) {
                            spec.turn.push(entry);
                        }
                    }
                }
                other => self.standard_clause(&mut spec, other, sub, args, what),
            }
        }
        if pieces == 0 {
            self.errors
                .push(SyntaxError::expected("a `(pieces ...)` clause", clause));
        }
        if turn == 0 {
            self.errors
                .push(SyntaxError::expected("a `(turn ...)` clause", clause));
        }
        (pieces > 0 && turn > 0).then_some(spec)
    }

    /// A clause of `(fen standard ...)` other than `(pieces ...)` and `(turn ...)`, which
    /// `standard` counts.
    fn standard_clause(
        &mut self,
        spec: &mut StandardFen,
        head: Option<Keyword>,
        sub: &Node,
        args: &[Node],
        what: &str,
    ) {
        match head {
            Some(Keyword::Castling) => {
                if let Some(castling) = self.ok(castling(sub, args)) {
                    spec.castling = Some(Box::new(castling));
                }
            }
            Some(Keyword::EnPassant) => {
                let name = match args {
                    [var] => shape::ident(var, "a turn variable"),
                    _ => Err(SyntaxError::expected("`(en-passant TURN-VARIABLE)`", sub)),
                };
                if let Some(name) = self.ok(name) {
                    spec.en_passant = Some(name);
                }
            }
            Some(Keyword::PieceCount) => {
                if let Some(count) = self.ok(fen_count(sub, args)) {
                    spec.counts.push(count);
                }
            }
            Some(Keyword::Hands) => match args {
                [] => spec.hands = true,
                _ => self.errors.push(SyntaxError::expected("`(hands)`", sub)),
            },
            Some(Keyword::Promoted) => {
                let name = match args {
                    [attribute] => shape::ident(attribute, "an attribute"),
                    _ => Err(SyntaxError::expected("`(promoted ATTRIBUTE)`", sub)),
                };
                if let Some(name) = self.ok(name) {
                    spec.promoted = Some(name);
                }
            }
            Some(Keyword::ForbiddenRanks) => {
                if let Some(ranks) = self.ok(fen_ranks(sub, args)) {
                    spec.forbidden_ranks.push(ranks);
                }
            }
            _ => self.errors.push(SyntaxError::expected(what, sub)),
        }
    }
}

/// `(LETTER PLAYER PIECE)` in `(pieces ...)`.
fn fen_piece(entry: &Node) -> Result<FenPiece> {
    const WHAT: &str = "`(LETTER PLAYER PIECE)`";
    let [letter, owner, kind] = shape::list(entry, WHAT)? else {
        return Err(SyntaxError::expected(WHAT, entry));
    };
    // `+P`: a letter after a plus (SFEN's promoted pieces).
    let plus = letter
        .as_symbol()
        .and_then(|s| s.strip_prefix('+'))
        .and_then(|rest| {
            let mut chars = rest.chars();
            chars.next().filter(|_| chars.next().is_none())
        });
    let (letter, plus) = match plus {
        Some(c) => (
            Letter {
                letter: c,
                span: letter.span,
            },
            true,
        ),
        None => (
            shape::letter(letter, "a piece letter", "a one-letter name such as `P`")?,
            false,
        ),
    };
    Ok(FenPiece {
        letter,
        plus,
        owner: shape::ident(owner, "a player name")?,
        kind: shape::ident(kind, "a piece type")?,
    })
}

/// `(piece-count PIECE MIN [MAX])` in `(fen standard ...)`.
fn fen_count(sub: &Node, args: &[Node]) -> Result<FenCount> {
    const WHAT: &str = "`(piece-count PIECE MIN [MAX])`";
    let (kind, min, max) = match args {
        [kind, min] => (kind, min, min),
        [kind, min, max] => (kind, min, max),
        _ => return Err(SyntaxError::expected(WHAT, sub)),
    };
    let count = |node: &Node| {
        shape::int(node, "a number of pieces").and_then(|n| {
            u32::try_from(n).map_err(|_| SyntaxError::expected("a number of pieces from 0", node))
        })
    };
    let (min_n, max_n) = (count(min)?, count(max)?);
    if max_n < min_n {
        return Err(SyntaxError::expected(
            "a largest number of pieces no smaller than the fewest",
            max,
        ));
    }
    Ok(FenCount {
        kind: shape::ident(kind, "a piece type")?,
        min: min_n,
        max: max_n,
        span: sub.span,
    })
}

/// `(forbidden-ranks PIECE RANK ...)` in `(fen standard ...)`.
fn fen_ranks(sub: &Node, args: &[Node]) -> Result<FenRanks> {
    let Some((kind, ranks)) = args.split_first().filter(|(_, ranks)| !ranks.is_empty()) else {
        return Err(SyntaxError::expected(
            "`(forbidden-ranks PIECE RANK ...)`",
            sub,
        ));
    };
    Ok(FenRanks {
        kind: shape::ident(kind, "a piece type")?,
        ranks: ranks.iter().map(shape::written).collect(),
    })
}

/// `(LETTER PLAYER)` in `(turn ...)`.
fn fen_turn(entry: &Node) -> Result<(Letter, Ident)> {
    const WHAT: &str = "`(LETTER PLAYER)`";
    let [letter, owner] = shape::list(entry, WHAT)? else {
        return Err(SyntaxError::expected(WHAT, entry));
    };
    Ok((
        shape::letter(letter, "a letter", "a one-letter name such as `w`")?,
        shape::ident(owner, "a player name")?,
    ))
}

/// `(castling ATTRIBUTE (LETTER POS ...) ...)`, with `(king PIECE)` and `(rook PIECE)` among
/// the rights when the king and rooks may start anywhere.
fn castling(sub: &Node, args: &[Node]) -> Result<FenCastling> {
    let (attribute, entries) = args
        .split_first()
        .ok_or_else(|| SyntaxError::expected("an attribute name", sub))?;
    let attribute = shape::ident(attribute, "an attribute name")?;
    let (mut rights, mut king, mut rook) = (Vec::new(), None, None);
    for entry in entries {
        const WHAT: &str = "`(LETTER SQUARE ...)`, `(king PIECE)` or `(rook PIECE)`";
        let items = shape::list(entry, WHAT)?;
        let (head, rest) = items
            .split_first()
            .ok_or_else(|| SyntaxError::expected(WHAT, entry))?;
        let piece = match head.as_symbol().and_then(Keyword::from_text) {
            Some(Keyword::King) => &mut king,
            Some(Keyword::Rook) => &mut rook,
            _ => {
                let letter = shape::letter(head, "a letter", "a one-letter name such as `K`")?;
                rights.push((letter, rest.iter().map(shape::written).collect()));
                continue;
            }
        };
        let [kind] = rest else {
            return Err(SyntaxError::expected("one piece type", entry));
        };
        *piece = Some(shape::ident(kind, "a piece type")?);
    }
    Ok(FenCastling {
        attribute,
        rights,
        king,
        rook,
    })
}
