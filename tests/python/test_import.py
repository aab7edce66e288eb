"""Importing pyjit needs no driver, GPU or LLVM; the public names exist."""
import subprocess
import sys


def test_import_loads_no_driver():
    # The extension loads at import (its thread-local storage must be placed
    # before other libraries use up the static TLS reserve: pyjit/__init__.py);
    # the CUDA driver and nvJitLink are opened only at first use.
    code = ("import pyjit; from pyjit import cuda; maps = open('/proc/self/maps').read(); "
            "print('libcuda' in maps, 'libnvJitLink' in maps)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


def test_jit_is_cuda_jit():
    import pyjit
    from pyjit import cuda
    assert pyjit.jit is cuda.jit


def test_error_classes_are_exceptions():
    import pyjit
    for cls in (pyjit.CompileError, pyjit.CudaError, pyjit.LinkError):
        assert issubclass(cls, pyjit.PyjitError)
        assert issubclass(cls, Exception)
