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
    /// A board position (a node of the board graph).
    Pos(u16)
);
index_type!(
    /// A direction of the board, as the game names it (before player symmetry).
    Dir(u8)
);
index_type!(
    /// A player, by its place in the `players` clause.
    PlayerId(u8)
);
index_type!(
    /// A piece type, by its place among the `piece` definitions.
    PieceKind(u8)
);
index_type!(
    /// A string constant in the game's string pool.
    StrId(u32)
);

/// The integers of the language: 32 bits keep a [`Value`] at 8 bytes, which the stack, the
/// locals and the trail copy all the time.
pub type Int = i32;

/// A piece on the board or in the hand: its owner, its type and its attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub owner: PlayerId,
    pub kind: PieceKind,
    /// One bit per attribute the game declares (`(attribute never-moved true)`), in
    /// declaration order; they travel with the piece.
    pub attrs: u8,
}

/// How many attributes a game may declare: one bit each in [`Piece::attrs`].
pub const MAX_ATTRIBUTES: usize = 8;

/// How many turn variables (`(turn-variable en-passant)`) a game may declare.
pub const MAX_TURN_VARIABLES: usize = 4;

impl Piece {
    /// A piece with every attribute false.
    pub fn new(owner: PlayerId, kind: PieceKind) -> Piece {
        Piece {
            owner,
            kind,
            attrs: 0,
        }
    }

    #[inline]
    pub fn attr(self, bit: u8) -> bool {
        self.attrs & (1 << bit) != 0
    }

    #[inline]
    pub fn set_attr(&mut self, bit: u8, on: bool) {
        if on {
            self.attrs |= 1 << bit;
        } else {
            self.attrs &= !(1 << bit);
        }
    }
}

/// A run-time value.
///
/// `Pos` and `Dir` are *links*: testing a link for truth (in `check`, `if`, `while`, `and`, `or`,
/// `not`) navigates to it and answers whether that was possible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(Int),
    Bool(bool),
    Str(StrId),
    Pos(Pos),
    Dir(Dir),
    Player(PlayerId),
    Piece(PieceKind),
}

impl Value {
    /// A turn variable's value before any move sets it.
    pub const UNSET: Value = Value::Bool(false);
    /// The value as a number, where it is one (`true` is 1, `false` is 0).
    pub fn as_int(self) -> Option<Int> {
        match self {
            Value::Int(n) => Some(n),
            Value::Bool(b) => Some(Int::from(b)),
            _ => None,
        }
    }

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
    Int,
    Bool,
    Str,
    Pos,
    Dir,
    Player,
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

impl Default for Value {
    fn default() -> Value {
        Value::Int(0)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
