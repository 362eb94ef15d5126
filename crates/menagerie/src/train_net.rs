//! `menagerie train-net`: fits the evaluation network (`engine::network`) to the positions
//! `menagerie net-data` wrote. Each position's target is the expected score its search
//! gave, on the logistic curve of `network::SCALE`, mixed with its game's result; the
//! loss is the squared error of the network's expected score, minimised by Adam over
//! shuffled mini-batches, each batch's gradient summed on several threads. The network
//! is written after every epoch, so a run stopped early keeps its last one.

use crate::tune::{chess_or_wildebeest, is_quiet};
use anyhow::{Context, Result, bail};
use clap::Args;
use engine::eval::{Weights, evaluate_with};
use engine::network::{
    Activation, DEFAULT_HIDDEN, FloatWeights, Layout, MAX_BUCKETS, MAX_HIDDEN, Network, SCALE,
    TILE, WEIGHT_LIMIT, hidden_units_allowed,
};
use rules::{Color, Position, VariantId};
use std::time::Instant;

#[derive(Args)]
pub struct TrainNetArgs {
    /// chess or wildebeest.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Positions from `menagerie net-data` (repeatable).
    #[arg(long, required = true)]
    data: Vec<String>,
    /// Where to write the network.
    #[arg(long)]
    out: String,
    /// Passes over the positions.
    #[arg(long, default_value_t = 20)]
    epochs: u32,
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's step size; a tenth of it for the last 30% of the epochs, a hundredth for the
    /// last 10%.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// The game's result's share of each target (the search's score has the rest).
    #[arg(long, default_value_t = 0.3)]
    result_weight: f32,
    /// The share of the positions, the last ones read (whole games but the first), held
    /// out to measure the fit on games not trained on.
    #[arg(long, default_value_t = 0.02)]
    holdout: f64,
    /// Also train on each position turned left to right (castling rights are no input, so
    /// it is as good a position): twice the positions for the same games.
    #[arg(long)]
    mirror: bool,
    /// Train a correction to the hand-written evaluation (added to it) rather than a
    /// whole evaluation: far fewer positions teach it something useful.
    #[arg(long)]
    on_top: bool,
    /// Start from this network (as `train-net` wrote it) instead of random weights, to
    /// go on training it on new positions; only an epoch that fits the held-out positions
    /// better than it did is written.
    #[arg(long)]
    from: Option<String>,
    /// The hidden units' output: `clipped` (to 0..1) or `squared` (clipped, then squared).
    /// By default that of `--from`'s network, or clipped; a network can be trained on with
    /// the other (its first layer a head start).
    #[arg(long)]
    activation: Option<Activation>,
    /// Output layers, one for each bucket of positions by the pieces on the board (1 to
    /// 8). By default `--from`'s network's, or 1; a network of one can be trained on with
    /// more, each starting as a copy of its one.
    #[arg(long)]
    buckets: Option<usize>,
    /// Hidden units for each side's view, a multiple of 64 up to 512: more fit more,
    /// and each evaluation costs more. By default `--from`'s network's, or 128; more than
    /// `--from`'s widens it, the new units starting with output weights of 0.
    #[arg(long)]
    hidden: Option<usize>,
    /// Also train on up to this many positions one legal move from each one read (but
    /// the held-out ones), each scored by `--teacher`'s evaluation: many more positions
    /// than the searches gave, for a network trained without `--on-top`, though each
    /// with a cheaper target than a search's. Only quiet ones, as `net-data` keeps: not
    /// in check, with a move, and no capture or promotion that gains by exchange (where
    /// the quiescence search would not stand pat, the evaluation is not what it uses).
    #[arg(long, default_value_t = 0)]
    children: usize,
    /// The network whose evaluation scores `--children` (with the hand-written terms if
    /// it corrects them); by default the built-in one.
    #[arg(long)]
    teacher: Option<String>,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The positions as the network's inputs, each from the side to move's view and the
/// other's, with the target for the side to move.
struct Positions {
    /// For a position read, its number among those read; for a child (`--children`),
    /// its parent's.
    read_as: Vec<u32>,
    /// Whether the position was read, its target a search's, rather than a child's.
    searched: Vec<bool>,
    inputs: Vec<u16>,
    /// Where each position's inputs start and how many pieces it has: its own view's
    /// inputs, then as many of the other view's.
    at: Vec<(u32, u8)>,
    targets: Vec<f32>,
    /// The hand-written evaluation of each, for the side to move, to compare the fit with.
    hand_written: Vec<f32>,
    /// Each input's with the board turned left to right.
    mirrored: Vec<u16>,
    /// The network corrects the hand-written evaluation (`--on-top`).
    on_top: bool,
}

impl Positions {
    fn read(
        variant: VariantId,
        layout: &Layout,
        paths: &[String],
        result_weight: f32,
        mut children: Children,
    ) -> Result<Positions> {
        let rules = variant.rules()?;
        let mut positions = Positions {
            read_as: Vec::new(),
            searched: Vec::new(),
            inputs: Vec::new(),
            at: Vec::new(),
            targets: Vec::new(),
            hand_written: Vec::new(),
            mirrored: (0..layout.inputs())
                .map(|i| layout.mirrored(i) as u16)
                .collect(),
            on_top: false,
        };
        let hand_written = Weights {
            network: false,
            ..Weights::DEFAULT
        };
        let started = Instant::now();
        let mut read = 0u32;
        for path in paths {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                let at = || format!("{path}, line {}", i + 1);
                let mut parts = line.splitn(3, ' ');
                let (Some(score), Some(result), Some(fen)) =
                    (parts.next(), parts.next(), parts.next())
                else {
                    bail!("{}: expected a score, a result and a FEN", at());
                };
                let score: f32 = score
                    .parse()
                    .with_context(|| format!("{}: the score", at()))?;
                let result: f32 = result
                    .parse()
                    .ok()
                    .filter(|r| (0.0..=1.0).contains(r))
                    .with_context(|| format!("{}: the result must be 1, 0.5 or 0", at()))?;
                let pos =
                    rules::fen::parse(rules, fen).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
                let white_target =
                    (1.0 - result_weight) * logistic(score / SCALE as f32) + result_weight * result;
                let parent = read;
                read += 1;
                positions.push(
                    layout,
                    &pos,
                    &hand_written,
                    parent,
                    true,
                    match pos.turn() {
                        Color::White => white_target,
                        Color::Black => 1.0 - white_target,
                    },
                );
                for child in children.of(&pos) {
                    let target =
                        logistic(evaluate_with(&child, children.teacher) as f32 / SCALE as f32);
                    positions.push(layout, &child, &hand_written, parent, false, target);
                }
            }
            eprintln!(
                "read {path}: {read} positions so far and {} of their children, {:.0} s",
                positions.targets.len() - read as usize,
                started.elapsed().as_secs_f64()
            );
        }
        Ok(positions)
    }

    fn push(
        &mut self,
        layout: &Layout,
        pos: &Position,
        hand_written: &Weights,
        read_as: u32,
        searched: bool,
        target: f32,
    ) {
        let us = pos.turn();
        let start = self.inputs.len() as u32;
        layout.for_each_input(pos, us, |i| self.inputs.push(i as u16));
        let pieces = self.inputs.len() as u32 - start;
        layout.for_each_input(pos, !us, |i| self.inputs.push(i as u16));
        self.at.push((start, pieces as u8));
        self.hand_written
            .push(evaluate_with(pos, hand_written) as f32);
        self.targets.push(target);
        self.read_as.push(read_as);
        self.searched.push(searched);
    }

    /// The positions to train on (with their mirrors' numbers, past the last position,
    /// if `mirror`) and the ones held out: the last `holdout` of those read, without
    /// their children, which are in neither. The positions of one game are alike and
    /// share a result, so the held-out ones come from other games than the trained ones,
    /// or the fit they measure would be flattered; for the same reason no held-out
    /// position is mirrored.
    fn training_and_held_out(&self, holdout: f64, mirror: bool) -> (Vec<usize>, Vec<usize>) {
        let total = self.len();
        let read = self.searched.iter().filter(|&&s| s).count();
        let split = (read - (read as f64 * holdout).ceil() as usize) as u32;
        let trained = |i: &usize| self.read_as[*i] < split;
        let mut training: Vec<usize> = (0..total).filter(trained).collect();
        if mirror {
            training.extend((0..total).filter(trained).map(|i| i + total));
        }
        let held_out = (0..total)
            .filter(|&i| self.searched[i] && self.read_as[i] >= split)
            .collect();
        (training, held_out)
    }

    fn hand_written_loss(&self, which: &[usize]) -> f64 {
        let total: f64 = which
            .iter()
            .map(|&i| {
                let p = logistic(self.hand_written[i] / SCALE as f32);
                f64::from((p - self.targets[i]).powi(2))
            })
            .sum();
        total / which.len() as f64
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    fn views(&self, i: usize) -> (&[u16], &[u16]) {
        let (start, n) = self.at[i];
        let (start, n) = (start as usize, n as usize);
        (
            &self.inputs[start..start + n],
            &self.inputs[start + n..start + 2 * n],
        )
    }

    /// What the network's output is added to for position `i`, before the logistic.
    fn base(&self, i: usize) -> f32 {
        match self.on_top {
            true => self.hand_written[i] / SCALE as f32,
            false => 0.0,
        }
    }

    /// Sample `k`'s two views into `own` and `enemy`, its base and its target: position
    /// `k`, or for `k` past the last position, position `k - len` mirrored.
    fn sample(&self, k: usize, own: &mut Vec<u16>, enemy: &mut Vec<u16>) -> (f32, f32) {
        let i = k % self.len();
        let (a, b) = self.views(i);
        own.clear();
        enemy.clear();
        if k < self.len() {
            own.extend_from_slice(a);
            enemy.extend_from_slice(b);
        } else {
            own.extend(a.iter().map(|&x| self.mirrored[x as usize]));
            enemy.extend(b.iter().map(|&x| self.mirrored[x as usize]));
        }
        (self.base(i), self.targets[i])
    }
}

/// Where `--children` come from: up to `per_position` positions one legal move from a
/// position read, scored by `teacher`.
struct Children<'a> {
    per_position: usize,
    teacher: &'a Weights,
    rng: Rng,
}

impl Children<'_> {
    fn of(&mut self, pos: &Position) -> Vec<Position> {
        if self.per_position == 0 {
            return Vec::new();
        }
        let mut moves: Vec<_> = pos.legal_moves().iter().copied().collect();
        self.rng.shuffle(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play(m);
                child
            })
            .filter(is_quiet)
            .take(self.per_position)
            .collect()
    }
}

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

pub fn run(args: TrainNetArgs) -> Result<()> {
    let variant = chess_or_wildebeest(&args.variant, "the evaluation network")?;
    let layout = Layout::of(variant).expect("chess and wildebeest have networks");
    if args.batch == 0 || !(0.0..1.0).contains(&args.holdout) {
        bail!("--batch must be at least 1 and --holdout from 0 to 1");
    }
    if args
        .buckets
        .is_some_and(|b| !(1..=MAX_BUCKETS).contains(&b))
    {
        bail!("--buckets must be from 1 to {MAX_BUCKETS}");
    }
    if args.hidden.is_some_and(|h| !hidden_units_allowed(h)) {
        bail!("--hidden must be a multiple of {TILE} from {TILE} to {MAX_HIDDEN}");
    }
    if args.teacher.is_some() && args.children == 0 {
        bail!("--teacher scores --children: give --children N too");
    }
    let teacher_net = match &args.teacher {
        Some(path) => Some(crate::matches::read_network(path)?),
        None => None,
    };
    if let Some(net) = teacher_net.filter(|net| net.variant() != variant) {
        bail!("--teacher is a {} network", net.variant().name());
    }
    let teacher = Weights {
        net: teacher_net,
        ..Weights::DEFAULT
    };
    let children = Children {
        per_position: args.children,
        teacher: &teacher,
        rng: Rng(args.seed.max(1) ^ 0x9E37_79B9_7F4A_7C15),
    };
    // The network first: a `--from` that will not do is said before minutes of reading.
    let mut rng = Rng(args.seed.max(1));
    let mut net = match &args.from {
        Some(path) => Float::from_file(
            variant,
            path,
            args.on_top,
            args.buckets,
            args.hidden,
            &mut rng,
        )?,
        None => Float::new(
            layout,
            args.hidden.unwrap_or(DEFAULT_HIDDEN),
            args.buckets.unwrap_or(1),
            &mut rng,
        ),
    };
    let mut positions =
        Positions::read(variant, &layout, &args.data, args.result_weight, children)?;
    positions.on_top = args.on_top;
    let (mut training, held_out) = positions.training_and_held_out(args.holdout, args.mirror);
    if training.is_empty() || held_out.is_empty() {
        bail!("too few positions to train on and to hold out");
    }
    eprintln!(
        "{} positions to train on, {} held out; {} inputs, {} hidden units; the hand-written evaluation's loss on the held-out ones: {:.6}",
        training.len(),
        held_out.len(),
        layout.inputs(),
        net.hidden,
        positions.hand_written_loss(&held_out)
    );
    net.on_top = args.on_top;
    if let Some(activation) = args.activation {
        net.activation = activation;
    }
    let mut best = f64::INFINITY;
    if let Some(path) = &args.from {
        best = gradient_free_loss(&net, &positions, &held_out);
        eprintln!(
            "{path}'s loss on the held-out positions, with {:?} units and {} output layers: {best:.6}",
            net.activation, net.buckets
        );
    }
    let mut written = false;
    let mut adam = Adam::new(net.len());
    let started = Instant::now();
    for epoch in 1..=args.epochs {
        rng.shuffle(&mut training);
        let progress = (epoch - 1) as f32 / args.epochs as f32;
        let rate = args.rate
            * if progress >= 0.9 {
                0.01
            } else if progress >= 0.7 {
                0.1
            } else {
                1.0
            };
        let mut loss = 0.0;
        for batch in training.chunks(args.batch) {
            let (grad, batch_loss) = gradient(&net, &positions, batch, args.threads);
            loss += batch_loss;
            adam.step(&mut net, &grad, rate, batch.len());
        }
        let test = gradient_free_loss(&net, &positions, &held_out);
        // The network kept is the one that fits the held-out games best.
        let outcome = if test < best {
            best = test;
            write(variant, &net, &args.out)?;
            written = true;
            format!("wrote {}", args.out)
        } else {
            "no better on the held-out positions".to_string()
        };
        eprintln!(
            "epoch {epoch} of {}: loss {:.6}, held out {:.6}, rate {rate}, {:.0} s; {outcome}",
            args.epochs,
            loss / training.len() as f64,
            test,
            started.elapsed().as_secs_f64()
        );
    }
    if !written {
        bail!(
            "no epoch fitted the held-out positions better than {} ({best:.6}); {} not written",
            args.from.as_deref().unwrap_or("the start"),
            args.out
        );
    }
    println!("wrote {} (held-out loss {best:.6})", args.out);
    Ok(())
}

fn write(variant: VariantId, net: &Float, path: &str) -> Result<()> {
    let network = Network::quantize(variant, &net.weights()).map_err(anyhow::Error::msg)?;
    let temporary = format!("{path}.partial");
    std::fs::write(&temporary, network.to_bytes())
        .with_context(|| format!("writing {temporary}"))?;
    std::fs::rename(&temporary, path).with_context(|| format!("writing {path}"))
}

/// The network's parameters in one vector: the input rows, the hidden biases, each
/// bucket's output weights (own view, then the other), each bucket's output bias.
#[derive(Clone)]
struct Float {
    params: Vec<f32>,
    layout: Layout,
    /// Hidden units for each view.
    hidden: usize,
    buckets: usize,
    on_top: bool,
    activation: Activation,
}

impl Float {
    fn new(layout: Layout, hidden: usize, buckets: usize, rng: &mut Rng) -> Float {
        let inputs = layout.inputs();
        let mut params = vec![0.0; inputs * hidden + hidden + buckets * (2 * hidden + 1)];
        for w in &mut params[..inputs * hidden] {
            *w = rng.uniform(0.05);
        }
        let output = inputs * hidden + hidden;
        for w in &mut params[output..output + buckets * 2 * hidden] {
            *w = rng.uniform(1.0 / (2.0 * hidden as f32).sqrt());
        }
        Float {
            params,
            layout,
            hidden,
            buckets,
            on_top: false,
            activation: Activation::Clipped,
        }
    }

    /// The weights of a stored network, to go on training, with `buckets` output layers
    /// if given (a network of one has it copied to each) and `hidden` units if given (at
    /// least the network's: the new ones start with small random input weights, drawn
    /// from `rng`, and output weights of 0, so the network scores as it did).
    fn from_file(
        variant: VariantId,
        path: &str,
        on_top: bool,
        buckets: Option<usize>,
        hidden: Option<usize>,
        rng: &mut Rng,
    ) -> Result<Float> {
        let bytes = std::fs::read(path).with_context(|| format!("reading {path}"))?;
        let network = Network::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
        if network.variant() != variant {
            bail!("{path} is a {} network", network.variant().name());
        }
        if network.on_top() != on_top {
            bail!(
                "{path} {} the hand-written evaluation: train it {} --on-top",
                if network.on_top() {
                    "corrects"
                } else {
                    "replaces"
                },
                if network.on_top() { "with" } else { "without" }
            );
        }
        let stored_hidden = network.hidden();
        let hidden = hidden.unwrap_or(stored_hidden);
        if hidden < stored_hidden {
            bail!("{path} has {stored_hidden} hidden units, more than {hidden}");
        }
        let new_units = hidden - stored_hidden;
        let weights = network.float_weights();
        let stored = network.buckets();
        let buckets = buckets.unwrap_or(stored);
        let copies = match (stored, buckets) {
            (stored, buckets) if stored == buckets => 1,
            (1, buckets) => buckets,
            _ => bail!("{path} has {stored} output layers, not {buckets}"),
        };
        let mut params = Vec::new();
        for row in weights.input.chunks_exact(stored_hidden) {
            params.extend(row);
            params.extend((0..new_units).map(|_| rng.uniform(0.05)));
        }
        params.extend(weights.bias);
        params.extend(std::iter::repeat_n(0.0, new_units));
        for _ in 0..copies {
            for view in weights.output.chunks_exact(stored_hidden) {
                params.extend(view);
                params.extend(std::iter::repeat_n(0.0, new_units));
            }
        }
        for _ in 0..copies {
            params.extend(&weights.output_bias);
        }
        Ok(Float {
            params,
            layout: Layout::of(variant).expect("a network variant"),
            hidden,
            buckets,
            on_top,
            activation: network.activation(),
        })
    }

    fn len(&self) -> usize {
        self.params.len()
    }

    fn bias_at(&self) -> usize {
        self.layout.inputs() * self.hidden
    }

    fn output_at(&self) -> usize {
        self.bias_at() + self.hidden
    }

    /// Where the output weights of the layer for `pieces` on the board start, and where
    /// its bias is.
    fn layer_at(&self, pieces: usize) -> (usize, usize) {
        let bucket = self.layout.bucket(pieces, self.buckets);
        let output = self.output_at();
        (
            output + bucket * 2 * self.hidden,
            output + self.buckets * 2 * self.hidden + bucket,
        )
    }

    fn weights(&self) -> FloatWeights {
        let (bias, output) = (self.bias_at(), self.output_at());
        let output_bias = output + self.buckets * 2 * self.hidden;
        FloatWeights {
            input: self.params[..bias].to_vec(),
            bias: self.params[bias..output].to_vec(),
            output: self.params[output..output_bias].to_vec(),
            output_bias: self.params[output_bias..].to_vec(),
            on_top: self.on_top,
            activation: self.activation,
        }
    }

    /// The hidden sums of one view: the first `hidden` of them.
    fn accumulate(&self, inputs: &[u16]) -> [f32; MAX_HIDDEN] {
        let (bias, hidden) = (self.bias_at(), self.hidden);
        let mut sums = [0.0; MAX_HIDDEN];
        let acc = &mut sums[..hidden];
        acc.copy_from_slice(&self.params[bias..bias + hidden]);
        for &i in inputs {
            let row = &self.params[i as usize * hidden..(i as usize + 1) * hidden];
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
        sums
    }

    /// The output (before the logistic) from the two views' hidden sums, with `pieces` on
    /// the board.
    fn output(&self, own: &[f32; MAX_HIDDEN], enemy: &[f32; MAX_HIDDEN], pieces: usize) -> f32 {
        let (out, bias) = self.layer_at(pieces);
        let hidden = self.hidden;
        let weights = &self.params[out..out + 2 * hidden];
        let units = own[..hidden]
            .iter()
            .chain(&enemy[..hidden])
            .map(|&a| self.activation.apply(a));
        units.zip(weights).map(|(h, w)| h * w).sum::<f32>() + self.params[bias]
    }
}

/// The summed gradient of the squared error over `batch`, and the summed error.
fn gradient(
    net: &Float,
    positions: &Positions,
    batch: &[usize],
    threads: usize,
) -> (Vec<f32>, f64) {
    let part = batch.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = batch
            .chunks(part)
            .map(|chunk| scope.spawn(move || part_gradient(net, positions, chunk)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a training thread does not panic"))
            .collect()
    });
    let mut parts = parts.into_iter();
    let (mut grad, mut loss) = parts.next().expect("a batch has a position");
    for (g, l) in parts {
        grad.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
        loss += l;
    }
    (grad, loss)
}

fn part_gradient(net: &Float, positions: &Positions, chunk: &[usize]) -> (Vec<f32>, f64) {
    let mut grad = vec![0.0f32; net.len()];
    let mut loss = 0.0f64;
    let bias = net.bias_at();
    let (mut own_inputs, mut enemy_inputs) = (Vec::new(), Vec::new());
    for &k in chunk {
        let (base, target) = positions.sample(k, &mut own_inputs, &mut enemy_inputs);
        let own = net.accumulate(&own_inputs);
        let enemy = net.accumulate(&enemy_inputs);
        let pieces = own_inputs.len();
        let p = logistic(base + net.output(&own, &enemy, pieces));
        let error = p - target;
        loss += f64::from(error * error);
        let d_out = 2.0 * error * p * (1.0 - p);
        let (out, out_bias) = net.layer_at(pieces);
        grad[out_bias] += d_out;
        for (view, (acc, inputs)) in [(&own, &own_inputs), (&enemy, &enemy_inputs)]
            .into_iter()
            .enumerate()
        {
            let hidden = net.hidden;
            let mut d_hidden = [0.0f32; MAX_HIDDEN];
            let d_hidden = &mut d_hidden[..hidden];
            for j in 0..hidden {
                let a = acc[j];
                let w = out + view * hidden + j;
                grad[w] += d_out * net.activation.apply(a);
                d_hidden[j] = d_out * net.params[w] * net.activation.slope(a);
            }
            grad[bias..bias + hidden]
                .iter_mut()
                .zip(&*d_hidden)
                .for_each(|(g, d)| *g += d);
            for &input in inputs.iter() {
                let row = &mut grad[input as usize * hidden..(input as usize + 1) * hidden];
                row.iter_mut().zip(&*d_hidden).for_each(|(g, d)| *g += d);
            }
        }
    }
    (grad, loss)
}

fn gradient_free_loss(net: &Float, positions: &Positions, which: &[usize]) -> f64 {
    let total: f64 = which
        .iter()
        .map(|&i| {
            let (own, enemy) = positions.views(i);
            let output = net.output(&net.accumulate(own), &net.accumulate(enemy), own.len());
            let p = logistic(positions.base(i) + output);
            f64::from((p - positions.targets[i]).powi(2))
        })
        .sum();
    total / which.len() as f64
}

struct Adam {
    moment: Vec<f32>,
    velocity: Vec<f32>,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;

    fn new(len: usize) -> Adam {
        Adam {
            moment: vec![0.0; len],
            velocity: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step on the mean gradient of a batch; the first layer stays within what its
    /// integers can hold.
    fn step(&mut self, net: &mut Float, grad: &[f32], rate: f32, batch: usize) {
        self.steps += 1;
        let correct1 = 1.0 - Self::BETA1.powi(self.steps);
        let correct2 = 1.0 - Self::BETA2.powi(self.steps);
        let first_layer = net.output_at();
        let scale = 1.0 / batch as f32;
        for (k, w) in net.params.iter_mut().enumerate() {
            let g = grad[k] * scale;
            let m = &mut self.moment[k];
            let v = &mut self.velocity[k];
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= rate * (*m / correct1) / ((*v / correct2).sqrt() + 1e-8);
            if k < first_layer {
                *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
            }
        }
    }
}

/// xorshift64: the shuffles and the starting weights, repeatable from `--seed`.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn uniform(&mut self, limit: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * limit
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "8/5k2/8/3p4/8/2N5/5PK1/8 b - - 0 40",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
    ];

    fn data(lines: &[(i32, f32, &str)]) -> String {
        // Tests run side by side: each file its own.
        static FILES: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "menagerie-train-net-{}-{}.data",
            std::process::id(),
            FILES.fetch_add(1, Ordering::Relaxed)
        ));
        let text: String = lines
            .iter()
            .map(|(s, r, fen)| format!("{s} {r} {fen}\n"))
            .collect();
        std::fs::write(&path, text).expect("a temporary file");
        path.to_string_lossy().into_owned()
    }

    fn read(lines: &[(i32, f32, &str)]) -> Positions {
        read_with_children(lines, 0)
    }

    fn read_with_children(lines: &[(i32, f32, &str)], per_position: usize) -> Positions {
        let path = data(lines);
        let positions = read_file(&path, per_position);
        let _ = std::fs::remove_file(path);
        positions.expect("the data reads")
    }

    /// The chess positions in `path`, with up to `per_position` children each scored by
    /// the built-in evaluation.
    fn read_file(path: &str, per_position: usize) -> Result<Positions> {
        let layout = Layout::of(VariantId::Chess).expect("chess has a network");
        let children = Children {
            per_position,
            teacher: &Weights::DEFAULT,
            rng: Rng(11),
        };
        Positions::read(
            VariantId::Chess,
            &layout,
            &[path.to_string()],
            0.3,
            children,
        )
    }

    /// `FENS` scored `first`, then `step` more each, and all their indices.
    fn scored_from(first: i32, step: i32) -> (Positions, Vec<usize>) {
        let lines: Vec<(i32, f32, &str)> = FENS
            .iter()
            .enumerate()
            .map(|(i, fen)| (first + step * i as i32, 0.5, *fen))
            .collect();
        (read(&lines), (0..lines.len()).collect())
    }

    /// A chess network of random weights with `activation`, `hidden` units and `buckets`
    /// output layers, its hidden biases drawn by `bias` (so that units are neither all
    /// clipped nor all open).
    fn random_net(
        activation: Activation,
        hidden: usize,
        buckets: usize,
        seed: u64,
        bias: impl Fn(&mut Rng) -> f32,
    ) -> Float {
        let mut rng = Rng(seed);
        let chess = Layout::of(VariantId::Chess).unwrap();
        let mut net = Float::new(chess, hidden, buckets, &mut rng);
        net.activation = activation;
        let at = net.bias_at();
        for b in &mut net.params[at..at + hidden] {
            *b = bias(&mut rng);
        }
        net
    }

    /// The integers the engine evaluates with give what the trained floats give, to
    /// within their rounding.
    #[test]
    fn the_stored_network_evaluates_as_the_trained_one() {
        let positions = read(&FENS.map(|fen| (0, 0.5, fen)));
        for (activation, hidden, buckets) in [
            (Activation::Clipped, DEFAULT_HIDDEN, 1),
            (Activation::Squared, DEFAULT_HIDDEN, 8),
            (Activation::Squared, TILE, 2),
            (Activation::Clipped, MAX_HIDDEN, 1),
        ] {
            let net = random_net(activation, hidden, buckets, 7, |rng| rng.uniform(0.5));
            let network = Network::quantize(VariantId::Chess, &net.weights()).expect("chess sizes");
            assert_eq!(network.activation(), activation);
            assert_eq!(network.hidden(), hidden);
            for (i, fen) in FENS.iter().enumerate() {
                let pos = rules::fen::parse(VariantId::Chess.rules().unwrap(), fen).unwrap();
                let (own, enemy) = positions.views(i);
                let float = net.output(&net.accumulate(own), &net.accumulate(enemy), own.len())
                    * SCALE as f32;
                let stored = network.evaluate(&pos) as f32;
                assert!(
                    (float - stored).abs() <= 3.0,
                    "{activation:?}, {hidden} units, {fen}: {float} against {stored}"
                );
            }
        }
    }

    /// The gradient is the error's slope: nudging a weight changes the error by the
    /// gradient times the nudge, for either activation.
    #[test]
    fn the_gradient_is_the_slope_of_the_error() {
        let (positions, all) = scored_from(-300, 250);
        for (activation, hidden, buckets) in [
            (Activation::Clipped, DEFAULT_HIDDEN, 1),
            (Activation::Squared, 2 * TILE + TILE, 8),
        ] {
            let net = random_net(activation, hidden, buckets, 5, |rng| {
                0.2 + rng.uniform(0.15)
            });
            let bias = net.bias_at();
            let (grad, _) = gradient(&net, &positions, &all, 1);
            let error = |n: &Float| gradient_free_loss(n, &positions, &all) * all.len() as f64;
            // A hidden bias, and an output weight and the output bias of the starting
            // position's layer.
            let (layer, layer_bias) = net.layer_at(32);
            for k in [bias + 3, layer + 5, layer_bias] {
                let step = 1e-3;
                let (mut up, mut down) = (net.params.clone(), net.params.clone());
                up[k] += step;
                down[k] -= step;
                let (up, down) = (
                    Float {
                        params: up,
                        ..net.clone()
                    },
                    Float {
                        params: down,
                        ..net.clone()
                    },
                );
                let slope = (error(&up) - error(&down)) / (2.0 * f64::from(step));
                let analytic = f64::from(grad[k]);
                assert!(
                    (slope - analytic).abs() <= 1e-3 + 0.02 * analytic.abs(),
                    "{activation:?}, parameter {k}: {slope} against {analytic}"
                );
                assert!(
                    analytic.abs() > 1e-5,
                    "{activation:?}: a slope worth testing"
                );
            }
        }
    }

    #[test]
    fn targets_mix_the_score_and_the_result_for_the_side_to_move() {
        let positions = read(&[(400, 1.0, FENS[1]), (400, 1.0, FENS[2]), (0, 0.0, FENS[0])]);
        let white = 0.7 * logistic(1.0) + 0.3;
        assert!((positions.targets[0] - white).abs() < 1e-6);
        assert!(
            (positions.targets[1] - (1.0 - white)).abs() < 1e-6,
            "Black to move"
        );
        assert!((positions.targets[2] - 0.35).abs() < 1e-6);
    }

    /// Each position read brings up to `--children` quiet positions one move on,
    /// each with the teacher's evaluation as its target; the held-out positions' children
    /// are neither trained on nor held out.
    #[test]
    fn children_follow_their_parents_with_the_teachers_evaluation() {
        let lines: Vec<(i32, f32, &str)> = FENS.iter().map(|fen| (100, 0.5, *fen)).collect();
        let positions = read_with_children(&lines, 3);
        let layout = Layout::of(VariantId::Chess).unwrap();
        let rules = VariantId::Chess.rules().unwrap();
        let mut per_parent = [0; FENS.len()];
        for i in 0..positions.len() {
            let parent = positions.read_as[i] as usize;
            if positions.searched[i] {
                continue;
            }
            per_parent[parent] += 1;
            let from = rules::fen::parse(rules, FENS[parent]).unwrap();
            // The child is one of the parent's moves on, quiet, and its target is
            // the evaluation for its side to move.
            let child = from
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut child = from.clone();
                    child.play(m);
                    child
                })
                .find(|child| {
                    let mut inputs = Vec::new();
                    layout.for_each_input(child, child.turn(), |x| inputs.push(x as u16));
                    inputs == positions.views(i).0
                })
                .expect("a position one move on");
            assert!(is_quiet(&child));
            let expected = logistic(evaluate_with(&child, &Weights::DEFAULT) as f32 / SCALE as f32);
            assert!((positions.targets[i] - expected).abs() < 1e-6);
        }
        let quiet_children = |fen: &str| {
            let from = rules::fen::parse(rules, fen).unwrap();
            let moves = from.legal_moves();
            moves
                .iter()
                .filter(|&&m| {
                    let mut child = from.clone();
                    child.play(m);
                    is_quiet(&child)
                })
                .count()
        };
        assert_eq!(
            per_parent.map(|n| n as usize),
            FENS.map(|fen| quiet_children(fen).min(3))
        );
        // The knight takes the pawn after most of Black's moves: only two are quiet.
        assert_eq!(per_parent[2], 2);
        let (training, held_out) = positions.training_and_held_out(0.25, false);
        let last = FENS.len() as u32 - 1;
        assert_eq!(held_out.len(), 1);
        assert!(positions.searched[held_out[0]] && positions.read_as[held_out[0]] == last);
        assert_eq!(
            training.len(),
            3 + 3 + 3 + 2,
            "three positions read and their children"
        );
        assert!(training.iter().all(|&i| positions.read_as[i] < last));
    }

    #[test]
    fn steps_lower_the_error_on_what_they_fit() {
        let (positions, all) = scored_from(-400, 300);
        let chess = Layout::of(VariantId::Chess).unwrap();
        let mut net = Float::new(chess, DEFAULT_HIDDEN, 1, &mut Rng(3));
        let mut adam = Adam::new(net.len());
        let before = gradient_free_loss(&net, &positions, &all);
        for _ in 0..200 {
            let (grad, _) = gradient(&net, &positions, &all, 2);
            adam.step(&mut net, &grad, 0.01, all.len());
        }
        let after = gradient_free_loss(&net, &positions, &all);
        assert!(after < before / 10.0, "{before} to {after}");
    }

    /// `--from` goes on from the network as written: it scores as it did, to within the
    /// stored integers' rounding, and a network of the other kind is refused.
    #[test]
    fn training_starts_again_from_a_written_network() {
        let positions = read(&FENS.map(|fen| (0, 0.5, fen)));
        let chess = Layout::of(VariantId::Chess).unwrap();
        let mut net = Float::new(chess, 2 * TILE, 1, &mut Rng(11));
        net.on_top = true;
        let path = std::env::temp_dir().join(format!("menagerie-from-{}.net", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        write(VariantId::Chess, &net, &path).expect("written");
        let from = |variant, on_top, buckets, hidden| {
            Float::from_file(variant, &path, on_top, buckets, hidden, &mut Rng(12))
        };
        let again = from(VariantId::Chess, true, None, Some(2 * TILE)).expect("read back");
        let bucketed = from(VariantId::Chess, true, Some(8), None).expect("copied");
        let widened = from(VariantId::Chess, true, Some(8), Some(5 * TILE)).expect("widened");
        let refused = from(VariantId::Chess, false, None, None).err();
        let other_variant = from(VariantId::Wildebeest, true, None, None).err();
        let narrower = from(VariantId::Chess, true, None, Some(TILE)).err();
        let bucketed_path = format!("{path}.8");
        write(VariantId::Chess, &bucketed, &bucketed_path).expect("written");
        let fewer = Float::from_file(
            VariantId::Chess,
            &bucketed_path,
            true,
            Some(4),
            None,
            &mut Rng(13),
        )
        .err();
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(&bucketed_path);
        assert_eq!(again.len(), net.len());
        assert_eq!(bucketed.len(), net.len() + 7 * (2 * 2 * TILE + 1));
        assert_eq!((widened.hidden, widened.buckets), (5 * TILE, 8));
        let inputs = chess.inputs();
        assert_eq!(
            widened.len(),
            (inputs + 1) * 5 * TILE + 8 * (2 * 5 * TILE + 1)
        );
        let new_inputs = (0..inputs).flat_map(|i| (2 * TILE..5 * TILE).map(move |j| (i, j)));
        let new_weights: Vec<f32> = new_inputs
            .map(|(i, j)| widened.params[i * 5 * TILE + j])
            .collect();
        assert!(
            new_weights.iter().any(|&w| w != 0.0),
            "the new units see the pieces"
        );
        for i in 0..FENS.len() {
            let (own, enemy) = positions.views(i);
            let score = |n: &Float| n.output(&n.accumulate(own), &n.accumulate(enemy), own.len());
            let (before, after) = (score(&net), score(&again));
            assert!(
                (before - after).abs() * SCALE as f32 <= 3.0,
                "{before} against {after}"
            );
            assert_eq!(score(&again), score(&bucketed), "each layer a copy");
            let (narrow, wide) = (score(&bucketed), score(&widened));
            assert!(
                (narrow - wide).abs() < 1e-5,
                "new units add nothing: {narrow} against {wide}"
            );
        }
        assert!(fewer.unwrap().to_string().contains("8 output layers"));
        assert!(refused.unwrap().to_string().contains("with --on-top"));
        assert!(other_variant.unwrap().to_string().contains("chess network"));
        let narrower = narrower.unwrap().to_string();
        assert!(
            narrower.contains("128 hidden units, more than 64"),
            "{narrower}"
        );
    }

    #[test]
    fn a_line_that_is_not_a_position_is_named() {
        let path = data(&[(0, 2.0, FENS[0])]);
        let error = read_file(&path, 0).err().unwrap();
        let _ = std::fs::remove_file(path);
        assert!(error.to_string().contains("line 1"), "{error}");
    }
}
