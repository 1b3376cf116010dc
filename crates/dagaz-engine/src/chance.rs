//! Chance: a player of `(chance PLAYER ...)` does not choose its move, it is drawn. Its moves
//! in a position are the outcomes of the draw, each as likely as its weight
//! ([`Move::weight`]) over the sum of them all.

use crate::model::Game;
use crate::moves::Move;
use crate::position::Position;

/// xorshift64*: the numbers a seed gives, the same on every machine, for rolling chance's
/// moves ([`Rng::draw`]) and choosing random ones.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The sequence of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// A number below `n` (0 when `n` is 0), each about as likely.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        ((u128::from(x) * n as u128) >> 64) as usize
    }

    /// The index of one of `moves`, drawn by weight ([`pick`]); `None` when there are none.
    pub fn draw(&mut self, moves: &[Move]) -> Option<usize> {
        let total = usize::try_from(total_weight(moves)).unwrap_or(usize::MAX);
        pick(moves, self.below(total) as u64)
    }
}

/// How likely one outcome is: a fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probability {
    /// The numerator.
    pub num: u64,
    /// The denominator, at least 1.
    pub den: u64,
}

impl Probability {
    /// `num / den` in lowest terms (`den` 0 reads as 1).
    pub fn new(num: u64, den: u64) -> Probability {
        let den = den.max(1);
        let g = gcd(num, den).max(1);
        Probability {
            num: num / g,
            den: den / g,
        }
    }

    /// As a floating-point number.
    pub fn value(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl std::fmt::Display for Probability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Game {
    /// Whether chance moves in `position`: its player to move is one of `(chance ...)`.
    #[inline]
    pub fn is_chance(&self, position: &Position) -> bool {
        self.turns().is_chance(position.to_move())
    }

    /// Whether any player of the game moves by chance.
    #[inline]
    pub fn has_chance(&self) -> bool {
        self.turns().has_chance()
    }
}

/// The sum of the weights of `moves`.
pub fn total_weight(moves: &[Move]) -> u64 {
    moves
        .iter()
        .fold(0u64, |sum, m| sum.saturating_add(m.weight()))
}

/// The probability of each of `moves` when one of them is drawn by weight.
pub fn probabilities(moves: &[Move]) -> Vec<Probability> {
    let total = total_weight(moves);
    moves
        .iter()
        .map(|m| Probability::new(m.weight(), total))
        .collect()
}

/// The index of the move that `roll`, a number drawn uniformly below [`total_weight`], picks
/// among `moves` by weight; `None` when there are none.
pub fn pick(moves: &[Move], roll: u64) -> Option<usize> {
    let mut left = roll;
    for (i, m) in moves.iter().enumerate() {
        if left < m.weight() {
            return Some(i);
        }
        left -= m.weight();
    }
    (!moves.is_empty()).then(|| moves.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weighted(weights: &[u64]) -> Vec<Move> {
        weights
            .iter()
            .map(|&weight| Move {
                weight,
                ..Move::default()
            })
            .collect()
    }

    #[test]
    fn probabilities_are_weights_over_their_sum_in_lowest_terms() {
        let moves = weighted(&[2, 1, 3]);
        let shown: Vec<String> = probabilities(&moves)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(shown, ["1/3", "1/6", "1/2"]);
        assert_eq!(total_weight(&weighted(&[0, 0])), 2, "0 reads as 1");
    }

    #[test]
    fn a_roll_picks_by_weight() {
        let moves = weighted(&[2, 1, 3]);
        let picked: Vec<Option<usize>> = (0..7).map(|r| pick(&moves, r)).collect();
        let s = Some;
        assert_eq!(picked, [s(0), s(0), s(1), s(2), s(2), s(2), s(2)]);
        assert_eq!(pick(&[], 0), None);
    }
}
