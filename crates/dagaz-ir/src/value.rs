//! Values on the data stack and in variables, and the small index types they carry.
//!
//! Every value is `Copy` and 8 bytes: names were resolved to indices by the compiler, so the
//! machine never handles a string at run time (string constants are indices into the game's pool).

use std::fmt;

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub $inner);

        impl $name {
            /// The index as a `usize`, for table look-ups.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The index as this type, when it fits.
            pub fn from_index(index: usize) -> Option<$name> {
                <$inner>::try_from(index).ok().map($name)
            }
        }
    };
}

index_type!(
    /// A board position (a node of the board graph): its index in board order
    /// ([`Board::positions`](crate::Board::positions)). `u16::MAX` is reserved for "no
    /// neighbour" in the link tables, hence [`MAX_POSITIONS`](crate::MAX_POSITIONS).
    Pos(u16)
);
index_type!(
    /// A direction of the board, as the game names it (before player symmetry): its index in
    /// the order the directions were added to the [`Board`](crate::Board).
    Dir(u8)
);
impl Dir {
    /// The direction a player moves in when the game says `self`: `symmetry` is the player's
    /// map from the game's directions to its own, empty for a player who sees the board as
    /// the game declares it (the first, and every player of a game without `symmetry`).
    #[inline]
    pub fn turned(self, symmetry: &[Dir]) -> Dir {
        symmetry.get(self.index()).copied().unwrap_or(self)
    }
}
index_type!(
    /// A player, by its place in the `players` clause, from 0 (`turn-order` counts from 1).
    PlayerId(u8)
);
index_type!(
    /// A piece type, by its place among the `piece` definitions, from 0.
    PieceKind(u8)
);
index_type!(
    /// A string constant: its index in the game's string pool, which the compiler fills and
    /// the processor reads only to decide truth (`""` and `"0"` are false).
    StrId(u32)
);

/// The integers of the language: 32 bits keep a [`Value`] at 8 bytes, which the stack, the
/// locals and the trail copy all the time.
pub type Int = i32;

/// A piece on the board or in the hand: its owner, its type and its attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The player it belongs to: friend and enemy tests compare it with the player to move.
    pub owner: PlayerId,
    /// Its type; `promote` changes it while the piece is in the hand.
    pub kind: PieceKind,
    /// One bit per attribute the game declares (`(attribute never-moved true)`), in
    /// declaration order; they travel with the piece.
    pub attrs: u8,
}

/// How many attributes a game may declare: one bit each in [`Piece::attrs`].
pub const MAX_ATTRIBUTES: usize = 8;

/// How many turn variables (`(turn-variable en-passant)`) a game may declare.
pub const MAX_TURN_VARIABLES: usize = 4;

/// The largest `(weight N)` a move may have: a chance node's weights add up in 64 bits, and a
/// probability stays a fraction people can read.
pub const MAX_WEIGHT: u32 = 1_000_000;

impl Piece {
    /// A piece with every attribute false.
    pub fn new(owner: PlayerId, kind: PieceKind) -> Piece {
        Piece {
            owner,
            kind,
            attrs: 0,
        }
    }

    /// Whether attribute `bit` is set. `bit` is below [`MAX_ATTRIBUTES`] (the compiler numbers
    /// no more); a larger one overflows the shift.
    #[inline]
    pub fn attr(self, bit: u8) -> bool {
        // A bit past the byte is an attribute the piece cannot have.
        self.attrs & 1u8.checked_shl(u32::from(bit)).unwrap_or(0) != 0
    }

    /// Sets attribute `bit` (below [`MAX_ATTRIBUTES`]) to `on`.
    #[inline]
    pub fn set_attr(&mut self, bit: u8, on: bool) {
        let mask = 1u8.checked_shl(u32::from(bit)).unwrap_or(0);
        if on {
            self.attrs |= mask;
        } else {
            self.attrs &= !mask;
        }
    }
}

/// A run-time value.
///
/// `Pos` and `Dir` are *links*: testing a link for truth (in `check`, `if`, `while`, `and`, `or`,
/// `not`) navigates to it and answers whether that was possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// An integer; arithmetic on it is checked, and overflow is an error, not a wrap.
    Int(Int),
    /// `true` or `false`; counts as 1 or 0 wherever a number is expected.
    Bool(bool),
    /// A string constant, by its index in the pool; false when it is `""` or `"0"`.
    Str(StrId),
    /// A position: a link, whose truth goes there.
    Pos(Pos),
    /// A direction: a link, whose truth steps that way and is false off the board.
    Dir(Dir),
    /// A player; always true.
    Player(PlayerId),
    /// A piece type (not a piece: no owner, no attributes); always true.
    Piece(PieceKind),
}

impl Value {
    /// A turn variable's value before any move sets it, and after a move that sets none.
    pub const UNSET: Value = Value::Bool(false);

    /// The value as a number, where it is one (`true` is 1, `false` is 0).
    pub fn as_int(self) -> Option<Int> {
        match self {
            Value::Int(n) => Some(n),
            Value::Bool(b) => Some(Int::from(b)),
            _ => None,
        }
    }

    /// What kind of value it is, for messages ("expected a number, found a string").
    pub fn value_type(self) -> ValueType {
        match self {
            Value::Int(_) => ValueType::Int,
            Value::Bool(_) => ValueType::Bool,
            Value::Str(_) => ValueType::Str,
            Value::Pos(_) => ValueType::Pos,
            Value::Dir(_) => ValueType::Dir,
            Value::Player(_) => ValueType::Player,
            Value::Piece(_) => ValueType::Piece,
        }
    }
}

/// The type of a [`Value`], for messages (one byte, so run-time errors stay small).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// [`Value::Int`], shown as "a number".
    Int,
    /// [`Value::Bool`], shown as "a boolean".
    Bool,
    /// [`Value::Str`], shown as "a string".
    Str,
    /// [`Value::Pos`], shown as "a position".
    Pos,
    /// [`Value::Dir`], shown as "a direction".
    Dir,
    /// [`Value::Player`], shown as "a player".
    Player,
    /// [`Value::Piece`], shown as "a piece type".
    Piece,
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueType::Int => "a number",
            ValueType::Bool => "a boolean",
            ValueType::Str => "a string",
            ValueType::Pos => "a position",
            ValueType::Dir => "a direction",
            ValueType::Player => "a player",
            ValueType::Piece => "a piece type",
        })
    }
}

/// 0: what locals and globals hold until they are set.
impl Default for Value {
    fn default() -> Value {
        Value::Int(0)
    }
}

/// `#n`, the index: a position's name needs its [`Board`](crate::Board).
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_turn_through_a_symmetry() {
        let swap = [Dir(1), Dir(0), Dir(2)];
        assert_eq!(Dir(0).turned(&swap), Dir(1));
        assert_eq!(Dir(2).turned(&swap), Dir(2));
        // No symmetry, or one shorter than the board's directions: the game's own.
        assert_eq!(Dir(1).turned(&[]), Dir(1));
        assert_eq!(Dir(5).turned(&swap), Dir(5));
    }

    #[test]
    fn values_stay_small() {
        assert_eq!(std::mem::size_of::<Value>(), 8);
    }

    #[test]
    fn booleans_are_numbers() {
        assert_eq!(Value::Bool(true).as_int(), Some(1));
        assert_eq!(Value::Int(-3).as_int(), Some(-3));
        assert_eq!(Value::Pos(Pos(0)).as_int(), None);
    }
}
