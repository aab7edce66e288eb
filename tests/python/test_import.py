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


def test_numba_core_errors_names_for_a_port_by_renaming(tmp_path):
    # `numba` renamed to `pyjit` throughout: numba's warning filters and
    # except clauses act on pyjit's classes.
    import warnings

    import numpy as np
    import pyjit
    from pyjit import cuda
    from pyjit.core.errors import (NumbaDeprecationWarning, NumbaError,
                                   NumbaInvalidConfigWarning, NumbaPerformanceWarning,
                                   NumbaWarning, TypingError)
    assert TypingError is pyjit.CompileError and NumbaError is pyjit.PyjitError
    assert NumbaPerformanceWarning is pyjit.PerformanceWarning
    assert NumbaInvalidConfigWarning is pyjit.InvalidConfigWarning
    for cls in (pyjit.PerformanceWarning, pyjit.CompileWarning, pyjit.InvalidConfigWarning):
        assert issubclass(cls, NumbaWarning)
    assert not issubclass(RuntimeWarning, NumbaWarning)  # (not every warning)
    assert issubclass(NumbaDeprecationWarning, DeprecationWarning)
    assert issubclass(NumbaDeprecationWarning, NumbaWarning)  # (as numba's)
    assert pyjit.core.errors.TypingError is TypingError  # (after `import pyjit` alone)

    source = tmp_path / "kern.py"
    source.write_text("from pyjit import cuda\n\n@cuda.jit\ndef k(out):\n"
                      "    out[0] = out[0] * 2.5 + undefined_name\n")
    import importlib.util
    spec = importlib.util.spec_from_file_location("kern_core_errors", source)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    try:
        mod.k[1, 1](np.zeros(1))
    except TypingError as e:  # numba's except clause, after the rename
        assert "kern.py:5:" in str(e) and "undefined_name" in str(e)
    else:
        raise AssertionError("no TypingError")

    # A filter on NumbaWarning silences pyjit's warnings, and only them.
    @cuda.jit
    def noop(out):
        out[0] == 1.0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.simplefilter("ignore", category=NumbaWarning)
        noop[1, 1](np.zeros(1))
        warnings.warn("kept", RuntimeWarning)
    assert [str(w.message) for w in caught] == ["kept"]
