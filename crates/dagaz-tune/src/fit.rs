//! Texel's method: the weights that make the evaluation best predict the games' results.
//!
//! A score s (in the evaluation's units, for the side to move) is read as the chance
//! σ(s) = 1 / (1 + 10^(−K·s/400)) that the side to move wins; the error of some weights is
//! the mean of (result − σ(score))² over the samples. K is fitted first, with the game's own
//! weights, so that the scale of the units stays theirs; then the weights move downhill by
//! Adam on the error's gradient, the whole sample set at each step. Every tenth sample is
//! kept out of the fit and its error reported, so that a fit that only learnt its samples
//! shows.

use crate::selfplay::Sample;

/// How the weights are fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Steps of gradient descent.
    pub steps: usize,
    /// Adam's step size, in the evaluation's units.
    pub rate: f64,
    /// Pull of each weight back towards its starting value (L2), against noise where a
    /// weight is seen in few samples.
    pub pull: f64,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            steps: 1500,
            rate: 2.0,
            pull: 1e-7,
        }
    }
}

/// The fitted weights and what they achieve.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The weights, rounded to whole numbers.
    pub weights: Vec<f64>,
    /// The scale fitted with the starting weights.
    pub k: f64,
    /// The error on the fitted samples with the starting weights.
    pub fit_before: f64,
    /// The error on the fitted samples with the fitted weights (rounded, as the clause
    /// writes them).
    pub fit_after: f64,
    /// The error on the samples kept out, with the starting weights.
    pub held_before: f64,
    /// The error on the samples kept out, with the fitted weights.
    pub held_after: f64,
    /// How many samples were fitted.
    pub fitted: usize,
    /// How many samples were kept out.
    pub held: usize,
}

/// Fits `start` (the game's weights, in a [`crate::Layout`]) to `samples`. `frozen[i]` keeps
/// weight i as it is.
pub fn fit(samples: &[Sample], start: &[f64], frozen: &[bool], options: &FitOptions) -> Fitted {
    let (mut held, mut fitted) = (Vec::new(), Vec::new());
    for (i, s) in samples.iter().enumerate() {
        if i % 10 == 9 {
            held.push(s);
        } else {
            fitted.push(s);
        }
    }
    let k = best_k(&fitted, start);
    let mut w = start.to_vec();
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let c = k * std::f64::consts::LN_10 / 400.0;
    let mut grad = vec![0.0; n];
    for step in 1..=options.steps {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in &fitted {
            let p = sigmoid(c * s.features.score(&w));
            // d/dw of (r − p)²: −2 (r − p) p (1 − p) c x.
            let factor = -2.0 * (f64::from(s.result) - p) * p * (1.0 - p) * c;
            for &(i, x) in &s.features.entries {
                if let Some(g) = grad.get_mut(i as usize) {
                    *g += factor * f64::from(x);
                }
            }
        }
        let scale = 1.0 / fitted.len().max(1) as f64;
        let t = step as i32;
        for i in 0..n {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            let (Some(wi), Some(gi), Some(mi), Some(vi), Some(&si)) = (
                w.get_mut(i),
                grad.get(i),
                m.get_mut(i),
                v.get_mut(i),
                start.get(i),
            ) else {
                continue;
            };
            let g = gi * scale + 2.0 * options.pull * (*wi - si);
            *mi = b1 * *mi + (1.0 - b1) * g;
            *vi = b2 * *vi + (1.0 - b2) * g * g;
            let mh = *mi / (1.0 - b1.powi(t));
            let vh = *vi / (1.0 - b2.powi(t));
            *wi -= options.rate * mh / (vh.sqrt() + eps);
        }
    }
    let rounded: Vec<f64> = w.iter().map(|x| x.round()).collect();
    Fitted {
        fit_before: error(&fitted, start, k),
        fit_after: error(&fitted, &rounded, k),
        held_before: error(&held, start, k),
        held_after: error(&held, &rounded, k),
        fitted: fitted.len(),
        held: held.len(),
        weights: rounded,
        k,
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `weights` on `samples` at scale `k`.
pub fn error(samples: &[&Sample], weights: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let c = k * std::f64::consts::LN_10 / 400.0;
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = f64::from(s.result) - sigmoid(c * s.features.score(weights));
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The K in 0.01..10 with the least error for `weights` (a golden-section search: the error
/// has one minimum in K).
fn best_k(samples: &[&Sample], weights: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 10.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::Features;

    fn sample(entries: Vec<(u32, f32)>, result: f32) -> Sample {
        Sample {
            features: Features {
                entries,
                fixed: 0.0,
            },
            result,
        }
    }

    /// Results drawn from a known model: one piece ahead wins three games in four, the
    /// mobility says nothing. The fit finds the piece's worth and leaves the mobility near 0.
    #[test]
    fn the_fit_recovers_the_weights_the_results_came_from() {
        let mut samples = Vec::new();
        for i in 0..4000u32 {
            let ahead = (i % 3) as f32 - 1.0; // −1, 0, +1 pieces
            let mobility = ((i * 7) % 11) as f32 - 5.0;
            // With a piece ahead, 3 wins in 4; behind, 1 in 4; level, draws.
            let result = match ahead as i32 {
                1 => f32::from(u8::from(i % 4 != 0)),
                -1 => f32::from(u8::from(i % 4 == 0)),
                _ => 0.5,
            };
            samples.push(sample(vec![(0, ahead), (1, mobility)], result));
        }
        let start = [100.0, 10.0];
        let fitted = fit(
            &samples,
            &start,
            &[false, false],
            &FitOptions {
                steps: 3000,
                ..FitOptions::default()
            },
        );
        // σ(c·w) = p, the share of wins a piece ahead among the fitted samples (about 3/4;
        // every tenth sample is kept out), at the K fitted to the start.
        let ahead: Vec<f32> = (0..4000)
            .filter(|i| i % 10 != 9 && i % 3 == 2)
            .map(|i| samples[i].result)
            .collect();
        let p = f64::from(ahead.iter().sum::<f32>()) / ahead.len() as f64;
        let expected = (p / (1.0 - p)).ln() / (fitted.k * std::f64::consts::LN_10 / 400.0);
        let [piece, mobility] = fitted.weights[..] else {
            panic!()
        };
        assert!((piece - expected).abs() <= 2.0, "{piece} vs {expected}");
        assert!(mobility.abs() <= 2.0, "{mobility}");
        assert!(fitted.fit_after < fitted.fit_before);
        assert!(fitted.held_after < fitted.held_before);
        assert_eq!((fitted.fitted, fitted.held), (3600, 400));
        // A frozen weight stays.
        let frozen = fit(&samples, &start, &[false, true], &FitOptions::default());
        assert_eq!(frozen.weights[1], 10.0);
    }
}
