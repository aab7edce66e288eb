"""Kernel source written to a file and imported: pyjit reads a kernel's
source text, so tests that build kernels from strings need real files."""
import importlib.util


def load_module(tmp_path, name, source):
    """Writes `source` to tmp_path/<name>.py and imports it as module `name`."""
    path = tmp_path / (name + ".py")
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
