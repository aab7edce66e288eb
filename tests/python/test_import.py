"""Importing pyjit needs no driver, GPU or LLVM; the public names exist."""
import subprocess
import sys


def test_import_loads_no_extension_and_no_driver():
    code = ("import sys, pyjit; from pyjit import cuda; "
            "print('pyjit._pyjit' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_jit_is_cuda_jit():
    import pyjit
    from pyjit import cuda
    assert pyjit.jit is cuda.jit


def test_error_classes_are_exceptions():
    import pyjit
    for cls in (pyjit.CompileError, pyjit.CudaError, pyjit.LinkError):
        assert issubclass(cls, pyjit.PyjitError)
        assert issubclass(cls, Exception)
