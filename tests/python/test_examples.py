"""The example programs in examples/ run and pass their own checks.

Each runs as `python examples/<name>.py` in a subprocess, with small sizes
given by its flags, on whichever backend pyjit picks (the GPU, else the CPU
backend); it must exit with status 0 and print OK.
"""
import os
import subprocess
import sys

import pytest

import pyjit


def _have_sklearn():
    try:
        import sklearn  # noqa: F401
    except ImportError:
        return False
    return True


EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")

CASES = [
    ("heat2d.py", ["--size", "67", "--steps", "25"]),
    ("matmul.py", ["--m", "45", "--k", "37", "--n", "29", "--repeats", "1"]),
    ("histogram.py", ["--tile", "1", "--blocks", "5", "--repeats", "1"]),
    ("black_scholes.py", ["--n", "5000", "--dtype", "float32", "--repeats", "1"]),
    ("black_scholes.py", ["--n", "5000", "--dtype", "float64", "--repeats", "1"]),
    ("mandelbrot.py", ["--width", "130", "--height", "97", "--max-iter", "100",
                       "--repeats", "1", "--out", "{tmp}/mandelbrot.pgm"]),
    pytest.param("normalize.py", ["--dataset", "digits", "--repeat", "2", "--repeats-timed", "1"],
                 marks=pytest.mark.skipif(not _have_sklearn(),
                                          reason="normalize.py needs scikit-learn "
                                                 "(pip install scikit-learn)")),
]


def run_example(name, args):
    env = dict(os.environ)
    # The child imports the same pyjit as this process.
    here = os.path.dirname(os.path.dirname(os.path.abspath(pyjit.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, name)] + args, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name, args", CASES)
def test_example(name, args, tmp_path):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    proc = run_example(name, args)
    assert proc.returncode == 0, "%s exited %d\n%s\n%s" % (name, proc.returncode, proc.stdout,
                                                        proc.stderr)
    assert "OK" in proc.stdout, proc.stdout
    if name == "mandelbrot.py":
        with open(tmp_path / "mandelbrot.pgm", "rb") as f:
            assert f.read(2) == b"P5"
