"""Plots bench/launch.py's results: launch overhead against the number of
kernel arguments, one line per system.

    python bench/launch.py --json launch.json        # on the GPU machine
    python bench/plot_launch.py launch.json [-o docs/launch_overhead.png] [--linear]

x: the argument lists of bench/launch.py (0 args, 3 arrays + 1 scalar,
16 arrays, 64 scalars), evenly spaced and labelled with their argument
counts; y: median µs per launch, on a log scale when the values span more
than a factor of 8 (--linear to force a linear one). pyjit's lines are
solid and thick, the raw cuLaunchKernel loop is black and dashed, the other
peers thin; a system's missing points (n/a in the table) are left out.
Needs matplotlib only (no GPU, no pyjit).
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(os.path.dirname(HERE), "docs", "launch_overhead.png")


def style(name, reference, i):
    if name == reference:
        return dict(color="black", linestyle="--", linewidth=1.8, marker="s", zorder=3)
    if name.startswith("pyjit"):
        return dict(linestyle="-", linewidth=2.6, marker="o", markersize=7, zorder=4)
    return dict(linestyle=(0, (3, 1, 1, 1)) if i % 2 else "-", linewidth=1.3,
                marker="^v<>Dph"[i % 7], markersize=5, alpha=0.9, zorder=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json", help="the file written by bench/launch.py --json")
    parser.add_argument("-o", "--output", default=DEFAULT_OUT,
                        help="the image to write (default docs/launch_overhead.png)")
    parser.add_argument("--linear", action="store_true", help="a linear y axis")
    args = parser.parse_args()

    with open(args.json) as f:
        doc = json.load(f)
    sets = doc["sets"]
    reference = doc.get("reference")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = list(range(len(sets)))
    fig, ax = plt.subplots(figsize=(9, 5.6))
    values, others = [], 0
    drawn = 0
    for system in doc["systems"]:
        us = system.get("us") or {}
        points = [(x, us[s["key"]]) for x, s in zip(xs, sets) if us.get(s["key"]) is not None]
        if not points:
            continue
        name = system["name"]
        st = style(name, reference, others)
        if name != reference and not name.startswith("pyjit"):
            others += 1
        ax.plot([p[0] for p in points], [p[1] for p in points], label=name, **st)
        values += [p[1] for p in points]
        drawn += 1
    if not drawn:
        print("plot_launch: %s holds no measurement to plot" % args.json, file=sys.stderr)
        return 1

    if not args.linear and min(values) > 0 and max(values) / min(values) > 8:
        ax.set_yscale("log")
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g" % v))
        ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_xticks(xs)
    ax.set_xticklabels(["%d\n(%s)" % (s["nargs"], s["label"]) for s in sets])
    ax.set_xlabel("kernel arguments")
    ax.set_ylabel("µs per launch (median of %d runs)" % doc.get("runs", 5))
    title = "Launch overhead of an empty kernel, %s back-to-back launches per run" % (
        "{:,}".format(doc["launches"]) if "launches" in doc else "?")
    if doc.get("device"):
        title += "\n%s" % doc["device"]
    if any("CPU backend" in n for n in doc.get("notes", [])):
        title += "\n(pyjit ran on its CPU backend: no GPU)"
    ax.set_title(title, fontsize=11)
    ax.grid(True, which="major", alpha=0.35)
    ax.grid(True, which="minor", alpha=0.12)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    fig.savefig(args.output, dpi=130)
    print("wrote %s" % args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
