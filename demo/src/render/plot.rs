//! Line plots of time series — the demo's kinetic energy and worst tether
//! ratio — with a title, axes, "nice" ticks (1–2–5 steps, or decades on a
//! log axis), light grid lines, anti-aliased lines and a legend.

use super::font::{draw_text, draw_text_up, text_width, CELL_HEIGHT};
use super::image::{Image, Rgb};

/// Plot image size, pixels.
const WIDTH: u32 = 900;
const HEIGHT: u32 = 420;
/// Text scale (the 5×7 font at 2× is about a 10-point label on screen).
const TEXT: i64 = 2;
/// Series line width, pixels.
const LINE_WIDTH: f32 = 2.2;
const PAPER: Rgb = Rgb(255, 255, 255);
const INK: Rgb = Rgb(40, 40, 46);
const AXIS: Rgb = Rgb(120, 120, 128);
const GRID: Rgb = Rgb(228, 228, 232);

/// One line on a plot.
#[derive(Clone, Copy, Debug)]
pub struct Series<'a> {
    pub name: &'a str,
    pub colour: Rgb,
    /// `(x, y)` points in order; non-finite points (and, on a log axis,
    /// `y ≤ 0`) break the line.
    pub points: &'a [(f64, f64)],
}

/// Draws the series on shared axes. `log_y` puts y on a log₁₀ scale
/// (energies that decay over decades).
pub fn plot(series: &[Series], title: &str, x_label: &str, y_label: &str, log_y: bool) -> Image {
    let usable = |&(x, y): &(f64, f64)| x.is_finite() && y.is_finite() && (!log_y || y > 0.0);
    let all = || series.iter().flat_map(|s| s.points.iter().copied()).filter(usable);
    let (mut x_lo, mut x_hi) = bounds(all().map(|p| p.0));
    if x_lo == x_hi {
        (x_lo, x_hi) = (x_lo - 1.0, x_hi + 1.0);
    }
    let y_axis = if log_y {
        Axis::log(all().map(|p| p.1.log10()))
    } else {
        // 3% headroom, so a line along the extreme value is not drawn on
        // the frame.
        let (lo, hi) = bounds(all().map(|p| p.1));
        let pad = 0.03 * (hi - lo);
        Axis::linear(lo - pad, hi + pad, 6)
    };
    let x_axis = Axis::linear(x_lo, x_hi, 8).tight(x_lo, x_hi);

    let mut img = Image::new(WIDTH, HEIGHT, PAPER);
    let label_width = y_axis.ticks.iter().map(|t| text_width(&t.label, TEXT)).max().unwrap_or(0);
    let left = 12 + CELL_HEIGHT * TEXT + 12 + label_width + 10;
    let (right, top, bottom) = (WIDTH as i64 - 24, 20 + CELL_HEIGHT * TEXT + 14, HEIGHT as i64 - 70);
    let area = Area { left, right, top, bottom };

    // Title, axis labels.
    draw_text(&mut img, (WIDTH as i64 - text_width(title, TEXT)) / 2, 16, title, INK, TEXT);
    let x_label_left = (left + right - text_width(x_label, TEXT)) / 2;
    draw_text(&mut img, x_label_left, HEIGHT as i64 - 12 - CELL_HEIGHT * TEXT, x_label, INK, TEXT);
    let y_label_bottom = (top + bottom + text_width(y_label, TEXT)) / 2;
    draw_text_up(&mut img, 12, y_label_bottom, y_label, INK, TEXT);

    // Grid, ticks and tick labels.
    for t in &x_axis.ticks {
        let px = area.x(x_axis.unit(t.at)).round() as i64;
        if t.major {
            fill(&mut img, px, top, px, bottom, GRID);
            let w = text_width(&t.label, TEXT);
            draw_text(&mut img, px - w / 2, bottom + 10, &t.label, INK, TEXT);
        }
        fill(&mut img, px, bottom, px, bottom + if t.major { 6 } else { 3 }, AXIS);
    }
    for t in &y_axis.ticks {
        let py = area.y(y_axis.unit(t.at)).round() as i64;
        if t.major {
            fill(&mut img, left, py, right, py, GRID);
            let w = text_width(&t.label, TEXT);
            draw_text(&mut img, left - 10 - w, py - (7 * TEXT) / 2, &t.label, INK, TEXT);
        }
        fill(&mut img, left - if t.major { 6 } else { 3 }, py, left, py, AXIS);
    }
    fill(&mut img, left, top, right, top, AXIS);
    fill(&mut img, left, bottom, right, bottom, AXIS);
    fill(&mut img, left, top, left, bottom, AXIS);
    fill(&mut img, right, top, right, bottom, AXIS);

    // Lines: each series' coverage is the max over its segments, then
    // composited once, so joints do not darken where segments overlap.
    for s in series {
        let mut cover = Coverage::new(&area);
        let mut prev: Option<(f32, f32)> = None;
        for p in s.points {
            if !usable(p) {
                prev = None;
                continue;
            }
            let y = if log_y { p.1.log10() } else { p.1 };
            let q = (area.x(x_axis.unit(p.0)), area.y(y_axis.unit(y)));
            cover.segment(prev.unwrap_or(q), q, LINE_WIDTH);
            prev = Some(q);
        }
        cover.composite(&mut img, s.colour);
    }
    legend(&mut img, &area, series);
    img
}

/// The plot rectangle, pixels (inclusive).
struct Area {
    left: i64,
    right: i64,
    top: i64,
    bottom: i64,
}

impl Area {
    /// Axis fraction (0 = left/bottom, 1 = right/top) → pixel coordinate.
    fn x(&self, f: f64) -> f32 {
        (self.left as f64 + f * (self.right - self.left) as f64) as f32
    }
    fn y(&self, f: f64) -> f32 {
        (self.bottom as f64 - f * (self.bottom - self.top) as f64) as f32
    }
}

struct Tick {
    at: f64,
    major: bool,
    label: String,
}

/// An axis: its span (in plotted units: log₁₀ y on a log axis) and ticks.
struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<Tick>,
}

impl Axis {
    /// About `target` major ticks at 1, 2 or 5 × 10ᵏ, the span rounded out
    /// to whole steps.
    fn linear(lo: f64, hi: f64, target: usize) -> Axis {
        let (lo, hi) = if lo == hi {
            let pad = if lo == 0.0 { 1.0 } else { 0.1 * lo.abs() };
            (lo - pad, hi + pad)
        } else {
            (lo, hi)
        };
        let raw = (hi - lo) / target as f64;
        let magnitude = 10f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * magnitude).find(|&s| s >= raw).unwrap_or(raw);
        let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
        let count = ((hi - lo) / step).round() as i64;
        let ticks = (0..=count)
            .map(|k| {
                let at = lo + k as f64 * step;
                Tick { at, major: true, label: format_tick(at, step, lo.abs().max(hi.abs())) }
            })
            .collect();
        Axis { lo, hi, ticks }
    }

    /// Keeps the ticks but spans exactly `[lo, hi]` (time axes start at 0
    /// and end at the last sample, not at the next round number).
    fn tight(mut self, lo: f64, hi: f64) -> Axis {
        self.ticks.retain(|t| t.at >= lo - 1e-9 * (hi - lo) && t.at <= hi + 1e-9 * (hi - lo));
        (self.lo, self.hi) = (lo, hi);
        self
    }

    /// Decades spanning the data (given as log₁₀ values), with minor ticks
    /// at 2…9 × 10ᵏ while there are few enough decades to see them.
    fn log(values: impl Iterator<Item = f64>) -> Axis {
        let (lo, hi) = bounds(values);
        let (lo, mut hi) = (lo.floor(), hi.ceil());
        if hi <= lo {
            hi = lo + 1.0;
        }
        let decades = (hi - lo) as i64;
        let every = (decades + 7) / 8; // at most ~8 labelled decades
        let mut ticks = Vec::new();
        for k in lo as i64..=hi as i64 {
            let labelled = (k - lo as i64) % every == 0;
            ticks.push(Tick { at: k as f64, major: labelled, label: decade_label(k) });
            if decades <= 6 && k < hi as i64 {
                for m in 2..10 {
                    ticks.push(Tick { at: k as f64 + (m as f64).log10(), major: false, label: String::new() });
                }
            }
        }
        Axis { lo, hi, ticks }
    }

    /// Position of `v` as a fraction of the span.
    fn unit(&self, v: f64) -> f64 {
        (v - self.lo) / (self.hi - self.lo)
    }
}

/// Min and max of the finite values; `(0, 1)` when there are none.
fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo <= hi {
        (lo, hi)
    } else {
        (0.0, 1.0)
    }
}

/// A tick value with as many decimals as the step needs; scientific
/// notation for very large or very small values.
fn format_tick(v: f64, step: f64, magnitude: f64) -> String {
    if v.abs() < 0.5 * step {
        return "0".to_string();
    }
    let step_exp = step.log10().floor() as i32;
    if magnitude >= 1e5 || step < 1e-3 {
        let digits = (magnitude.log10().floor() as i32 - step_exp).max(0) as usize;
        format!("{v:.digits$e}")
    } else {
        let decimals = (-step_exp).max(0) as usize;
        format!("{v:.decimals$}")
    }
}

/// `10^k` as a person writes it: 0.01, 0.1, 1, 10, 100 … and 1e-4, 1e5
/// beyond those.
fn decade_label(k: i64) -> String {
    match k {
        -3..=-1 => format!("{:.*}", (-k) as usize, 10f64.powi(k as i32)),
        0..=4 => format!("{}", 10i64.pow(k as u32)),
        _ => format!("1e{k}"),
    }
}

/// Solid axis-aligned rectangle, corners inclusive.
fn fill(img: &mut Image, x0: i64, y0: i64, x1: i64, y1: i64, c: Rgb) {
    for y in y0.min(y1)..=y0.max(y1) {
        for x in x0.min(x1)..=x0.max(x1) {
            img.set(x, y, c);
        }
    }
}

/// One series' anti-aliased line coverage over the plot area.
struct Coverage {
    left: i64,
    top: i64,
    width: i64,
    height: i64,
    alpha: Vec<f32>,
}

impl Coverage {
    fn new(area: &Area) -> Coverage {
        let (width, height) = (area.right - area.left + 1, area.bottom - area.top + 1);
        Coverage { left: area.left, top: area.top, width, height, alpha: vec![0.0; (width * height) as usize] }
    }

    /// A round-capped segment `a`–`b` of `width` pixels: a pixel's coverage
    /// falls off linearly over one pixel across the line's edge.
    fn segment(&mut self, a: (f32, f32), b: (f32, f32), width: f32) {
        let r = 0.5 * width + 1.0;
        let x0 = (a.0.min(b.0) - r).floor() as i64;
        let x1 = (a.0.max(b.0) + r).ceil() as i64;
        let y0 = (a.1.min(b.1) - r).floor() as i64;
        let y1 = (a.1.max(b.1) + r).ceil() as i64;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        for y in y0.max(self.top)..=y1.min(self.top + self.height - 1) {
            for x in x0.max(self.left)..=x1.min(self.left + self.width - 1) {
                let (px, py) = (x as f32 + 0.5 - a.0, y as f32 + 0.5 - a.1);
                let t = if len2 > 0.0 { ((px * dx + py * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
                let d = ((px - t * dx).powi(2) + (py - t * dy).powi(2)).sqrt();
                let c = (0.5 * width + 0.5 - d).clamp(0.0, 1.0);
                let i = ((y - self.top) * self.width + (x - self.left)) as usize;
                self.alpha[i] = self.alpha[i].max(c);
            }
        }
    }

    fn composite(&self, img: &mut Image, c: Rgb) {
        for (i, &a) in self.alpha.iter().enumerate() {
            let (x, y) = (i as i64 % self.width, i as i64 / self.width);
            img.blend(self.left + x, self.top + y, c, a);
        }
    }
}

/// Names with colour swatches in a box at the top right of the plot area.
fn legend(img: &mut Image, area: &Area, series: &[Series]) {
    if series.is_empty() {
        return;
    }
    let row = CELL_HEIGHT * TEXT + 8;
    let swatch = 28;
    let names = series.iter().map(|s| text_width(s.name, TEXT)).max().unwrap_or(0);
    let (w, h) = (10 + swatch + 8 + names + 10, 8 + row * series.len() as i64);
    let (x0, y0) = (area.right - 12 - w, area.top + 12);
    fill(img, x0, y0, x0 + w, y0 + h, GRID);
    fill(img, x0 + 1, y0 + 1, x0 + w - 1, y0 + h - 1, PAPER);
    for (k, s) in series.iter().enumerate() {
        let y = y0 + 8 + k as i64 * row;
        let mid = y + (7 * TEXT) / 2;
        fill(img, x0 + 10, mid - 1, x0 + 10 + swatch, mid + 1, s.colour);
        draw_text(img, x0 + 10 + swatch + 8, y, s.name, INK, TEXT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(axis: &Axis) -> Vec<&str> {
        axis.ticks.iter().filter(|t| t.major).map(|t| t.label.as_str()).collect()
    }

    #[test]
    fn linear_ticks_step_by_one_two_or_five() {
        assert_eq!(labels(&Axis::linear(0.0, 9.7, 8)), ["0", "2", "4", "6", "8", "10"]);
        assert_eq!(labels(&Axis::linear(0.998, 1.047, 6)), ["0.99", "1.00", "1.01", "1.02", "1.03", "1.04", "1.05"]);
        assert_eq!(labels(&Axis::linear(-3.0, 3.0, 6)), ["-3", "-2", "-1", "0", "1", "2", "3"]);
        assert_eq!(labels(&Axis::linear(0.0, 2.0e-4, 4)), ["0", "5.0e-5", "1.0e-4", "1.5e-4", "2.0e-4"]);
    }

    #[test]
    fn log_ticks_are_decades() {
        let axis = Axis::log([-2.6, 0.4].into_iter());
        assert_eq!(labels(&axis), ["0.001", "0.01", "0.1", "1", "10"]);
        assert_eq!(axis.ticks.len(), 5 + 4 * 8, "minor ticks at 2…9 in each of 4 decades");
        assert_eq!(decade_label(-6), "1e-6");
    }

    #[test]
    fn plots_with_no_usable_points_still_draw_axes() {
        let nothing = [(0.0, f64::NAN), (1.0, -1.0)];
        let img = plot(&[Series { name: "empty", colour: Rgb(255, 0, 0), points: &nothing }], "t", "x", "y", true);
        assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
    }
}
