//! Glicko-2 (Glickman, "Example of the Glicko-2 system"): a rating, its deviation and its
//! volatility, updated from the games of one rating period. Each rated game is its own
//! period here, so a player's rating moves after every game.

/// A player's Glicko-2 standing on the usual (Glicko-1) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A newcomer's standing.
pub const NEW_PLAYER: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// The system constant: how much the volatility may change (the paper's example uses 0.5).
pub const TAU: f64 = 0.5;

/// The ratio between the Glicko-1 and Glicko-2 scales.
const SCALE: f64 = 173.7178;

/// Where the volatility's iteration stops.
const EPSILON: f64 = 0.000_001;

/// One game of the period: the opponent's standing before it and the score (1, 0.5, 0).
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    pub opponent: Rating,
    pub score: f64,
}

/// How much a game against an opponent with deviation `phi` (Glicko-2 scale) counts.
fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The player's standing after a period with `outcomes`, under system constant `tau`.
pub fn update(player: Rating, outcomes: &[Outcome], tau: f64) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if outcomes.is_empty() {
        let grown = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: (grown * SCALE).min(NEW_PLAYER.deviation),
            ..player
        };
    }
    let mut inverse_variance = 0.0;
    let mut surprise = 0.0;
    for o in outcomes {
        let mu_j = (o.opponent.rating - 1500.0) / SCALE;
        let g = weight(o.opponent.deviation / SCALE);
        let expected = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        inverse_variance += g * g * expected * (1.0 - expected);
        surprise += g * (o.score - expected);
    }
    let v = 1.0 / inverse_variance;
    let delta = v * surprise;
    let sigma = new_volatility(phi, sigma, v, delta, tau);
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * surprise;
    Rating {
        rating: 1500.0 + SCALE * mu_new,
        deviation: (SCALE * phi_new).min(NEW_PLAYER.deviation),
        volatility: sigma,
    }
}

/// Step 5 of the paper: the new volatility, the root of `f` found by the Illinois method.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut low = a;
    let mut high = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_low, mut f_high) = (f(low), f(high));
    while (high - low).abs() > EPSILON {
        let c = low + (low - high) * f_low / (f_high - f_low);
        let f_c = f(c);
        if f_c * f_high <= 0.0 {
            low = high;
            f_low = f_high;
        } else {
            f_low /= 2.0;
        }
        high = c;
        f_high = f_c;
    }
    (low / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The worked example of Glickman's paper: 1500/200 against 1400/30 (won), 1550/100
    /// and 1700/300 (lost) gives 1464.06/151.52/0.05999.
    #[test]
    fn the_papers_example() {
        let outcomes = [
            Outcome {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = update(rating(1500.0, 200.0), &outcomes, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_a_period_without_games_widens() {
        let won = update(
            NEW_PLAYER,
            &[Outcome {
                opponent: NEW_PLAYER,
                score: 1.0,
            }],
            TAU,
        );
        let lost = update(
            NEW_PLAYER,
            &[Outcome {
                opponent: NEW_PLAYER,
                score: 0.0,
            }],
            TAU,
        );
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!((won.rating - 1500.0 - (1500.0 - lost.rating)).abs() < 1e-6);
        assert!(won.deviation < 350.0);
        let idle = update(rating(1500.0, 100.0), &[], TAU);
        assert!(idle.deviation > 100.0 && idle.rating == 1500.0);
    }
}
