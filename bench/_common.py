"""Helpers the benchmark programs share (timing with CUDA events, the notes
printed under a table)."""
import statistics


def event_median_ms(fn, reps, sync=None):
    """Median over `reps` runs of fn's GPU time in ms, timed with pyjit's CUDA
    events, after one warm-up call (and `sync()` if given)."""
    from pyjit import cuda
    start, stop = cuda.event(), cuda.event()
    fn()
    (sync or cuda.synchronize)()
    times = []
    for _ in range(reps):
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times)


def write_json(path, doc):
    """Writes a benchmark's results (a JSON document) to `path`."""
    import json
    import os
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
    print("\nwrote %s" % path)


def print_notes(missing, notes):
    """The 'n/a:' and 'notes:' sections under a table."""
    for title, lines in (("n/a", missing), ("notes", notes)):
        if lines:
            print("\n%s:" % title)
            for line in lines:
                print("  " + line)
