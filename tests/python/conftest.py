"""pytest configuration: the `gpu` marker skips with the reason when no GPU is usable.

The tests use a kernel cache directory of their own (not the user's), made
empty for each session and removed after it; tests of the cache itself set
their own.
"""
import os
import tempfile

import pytest

_OWN_CACHE_DIR = None
if "PYJIT_CACHE_DIR" not in os.environ:
    _OWN_CACHE_DIR = os.environ["PYJIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="pyjit-test-cache-")
# Tests launch small grids on purpose: no low-occupancy warning unless a test
# asks for one (numba's CUDATestCase turns it off the same way), whatever the
# environment says; subprocesses of tests inherit the setting.
os.environ["NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS"] = "0"


def pytest_unconfigure(config):
    """Removes the session's kernel cache directory (when this file made it)."""
    if _OWN_CACHE_DIR is not None:
        import shutil
        shutil.rmtree(_OWN_CACHE_DIR, ignore_errors=True)


def _gpu_reason():
    try:
        from pyjit import _config
        _config.CUDA_LOW_OCCUPANCY_WARNINGS = 0  # (if pyjit was imported before this file)
        from pyjit._ext import ext
        return ext().driver_error()
    except Exception as exc:  # the extension itself failed to load
        return "pyjit extension unavailable: %s" % exc


_REASON = _gpu_reason()


def pytest_collection_modifyitems(config, items):
    if _REASON is None:
        return
    skip = pytest.mark.skip(reason="no usable GPU: %s" % _REASON)
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# Kernel-execution tests written once for every backend: they take `jit`
# (the decorator for that backend) and compare with numpy or hand-derived
# values. A test the CPU backend cannot run yet is marked `gpu_only`.
BACKENDS = [pytest.param("gpu", marks=pytest.mark.gpu), pytest.param("cpu")]


@pytest.fixture(params=BACKENDS)
def jit(request):
    """The @cuda.jit decorator of one backend."""
    import functools
    from pyjit import cuda
    if request.param == "cpu":
        reason = request.node.get_closest_marker("gpu_only")
        if reason is not None:
            pytest.skip("CPU backend: %s" % reason.args[0])
        return _CpuJit(cuda.jit)
    return cuda.jit


class _CpuJit:
    """cuda.jit with target='cpu': `jit(f)`, `jit(**options)(f)`."""

    def __init__(self, jit):
        self._jit = jit

    def __call__(self, func=None, **options):
        options.setdefault("target", "cpu")
        if func is None:
            return lambda f: self._jit(f, **options)
        return self._jit(func, **options)


def pytest_terminal_summary(terminalreporter):
    """One line per skip reason with its count (pytest's `-rs` gives one per test:
    over a thousand identical "no usable GPU" lines on a machine without one)."""
    import collections
    counts = collections.Counter()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        counts[reason.removeprefix("Skipped: ")] += 1
    if counts:
        terminalreporter.section("skipped tests by reason")
        for reason, n in counts.most_common():
            terminalreporter.write_line("%5d  %s" % (n, reason))
