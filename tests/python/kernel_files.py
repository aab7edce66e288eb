"""Kernel source written to a file and imported: pyjit reads a kernel's
source text, so tests that build kernels from strings need real files."""
import importlib.util

import pytest


def load_module(tmp_path, name, source):
    """Writes `source` to tmp_path/<name>.py and imports it as module `name`."""
    path = tmp_path / (name + ".py")
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_error(tmp_path, name, source, args, match):
    """Imports `source` as module `name` (load_module), launches its kernel `k`
    on `args` with pyjit.jit and returns the pyjit.CompileError it raises,
    whose message must match the regular expression `match`."""
    import pyjit
    module = load_module(tmp_path, name, source)
    with pytest.raises(pyjit.CompileError, match=match) as info:
        pyjit.jit(module.k)[1, 1](*args)
    return info.value
