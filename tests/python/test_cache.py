"""The kernel cache on disk: hits across processes, invalidation, damage,
unusable directories, concurrency (docs/cache.md).

Each test runs small programs in fresh processes with their own
PYJIT_CACHE_DIR. They run wherever pyjit does: on the GPU when there is one,
else on the CPU backend (whose entries are cached the same way).
"""
import json
import os
import re
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import pyjit
from pyjit import cuda

HELPER = '''
from pyjit import cuda

BIAS = {bias}

@cuda.jit(device=True)
def scale(v):
    return v * {factor}
'''

MAIN = '''
import json, sys, warnings
import numpy as np
sys.path.insert(0, {dir!r})
warnings.filterwarnings("ignore", "no usable GPU")   # the CPU-backend notice
import pyjit
from pyjit import cuda
{import_line}

OFFSET = {offset}

@cuda.jit{options}
def kernel(x, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = {call} + OFFSET

x = np.arange(64, dtype=np.float32)
out = np.zeros_like(x)
kernel[1, 64](x, out)
info = pyjit.cache_info()
print(json.dumps({{"out": out.tolist(), "info": info}}))
'''


def write_program(tmp_path, factor=2.0, offset=1.0, options="", bias=0.0, through_module=False):
    """helper.py's scale() multiplies by `factor`; main.py's kernel adds
    OFFSET, and with `through_module` reaches scale and BIAS as helper.*."""
    (tmp_path / "helper.py").write_text(HELPER.format(factor=factor, bias=bias))
    if through_module:
        import_line, call = "import helper", "helper.scale(x[i]) + helper.BIAS"
    else:
        import_line, call = "from helper import scale", "scale(x[i])"
    (tmp_path / "main.py").write_text(MAIN.format(dir=str(tmp_path), offset=offset,
                                                  options=options, import_line=import_line,
                                                  call=call))


def run(tmp_path, cache_dir, extra_env=None, check=True):
    env = dict(os.environ, PYJIT_CACHE_DIR=str(cache_dir))
    env.pop("PYJIT_CACHE", None)
    env.update(extra_env or {})
    proc = subprocess.run([sys.executable, str(tmp_path / "main.py")], env=env,
                          capture_output=True, text=True, timeout=300)
    if check:
        assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    result["stderr"] = proc.stderr
    return result


def expected(factor, offset):
    return (np.arange(64, dtype=np.float32) * factor + offset).tolist()


def test_second_process_hits_the_disk_cache(tmp_path):
    write_program(tmp_path)
    first = run(tmp_path, tmp_path / "cache")
    assert first["out"] == expected(2.0, 1.0)
    assert first["info"]["misses"] == 1 and first["info"]["hits"] == 0
    assert first["info"]["stores"] == 1 and first["info"]["entries"] == 1
    second = run(tmp_path, tmp_path / "cache")
    assert second["out"] == expected(2.0, 1.0)
    assert second["info"]["hits"] == 1 and second["info"]["misses"] == 0


@pytest.mark.parametrize("switch", ["PYJIT_NO_NARROW_IV=1", "PYJIT_NVPTX_SHORT_PTR=0"])
def test_a_codegen_switch_is_in_the_key(tmp_path, switch):
    # The A/B switches change the generated code (docs/architecture.md): a
    # kernel cached without one is not loaded with it, and the reason names
    # the versions part.
    write_program(tmp_path)
    assert run(tmp_path, tmp_path / "cache")["info"]["misses"] == 1
    name, value = switch.split("=")
    switched = run(tmp_path, tmp_path / "cache", {name: value})
    assert switched["out"] == expected(2.0, 1.0)
    assert switched["info"]["misses"] == 1 and switched["info"]["hits"] == 0
    assert "versions" in switched["info"]["last_miss"]["kernel"]
    assert run(tmp_path, tmp_path / "cache", {name: value})["info"]["hits"] == 1


def test_another_libdevice_file_is_in_the_key(tmp_path):
    # PYJIT_LIBDEVICE (or CUDA_HOME) may name another libdevice, whose math
    # functions a kernel links: its identity is in the key's versions.
    import shutil
    from pyjit._ext import ext
    original = ext().libdevice_path()
    if not os.path.isfile(original):
        pytest.skip("no libdevice at %s" % original)
    copy = tmp_path / "libdevice.10.bc"
    shutil.copyfile(original, copy)
    write_program(tmp_path)
    assert run(tmp_path, tmp_path / "cache")["info"]["misses"] == 1
    other = run(tmp_path, tmp_path / "cache", {"PYJIT_LIBDEVICE": str(copy)})
    assert other["out"] == expected(2.0, 1.0)
    assert other["info"]["misses"] == 1 and other["info"]["hits"] == 0
    assert "versions" in other["info"]["last_miss"]["kernel"]
    assert run(tmp_path, tmp_path / "cache", {"PYJIT_LIBDEVICE": str(copy)})["info"]["hits"] == 1


@pytest.mark.parametrize("through_module", [False, True], ids=["by-name", "through-module"])
def test_editing_a_device_function_in_another_file_invalidates(tmp_path, through_module):
    write_program(tmp_path, factor=2.0, through_module=through_module)
    run(tmp_path, tmp_path / "cache")
    write_program(tmp_path, factor=3.0, through_module=through_module)
    edited = run(tmp_path, tmp_path / "cache")
    assert edited["out"] == expected(3.0, 1.0)
    assert edited["info"]["misses"] == 1 and edited["info"]["hits"] == 0
    reason = edited["info"]["last_miss"]["kernel"]
    assert "device function 'scale'" in reason and "helper.py" in reason, reason
    assert "kernel" not in reason.split(": ", 1)[1].split(", ")  # the kernel itself did not change


OVERLOADS = '''
from pyjit.extending import overload

def scale(v):
    pass

def _scaled(v):
    return v * {factor}

@overload(scale)
def ol_scale(v):
    return {returned}
'''


@pytest.mark.parametrize("returned", ["_scaled", "lambda v: v * {factor}"],
                         ids=["by-name", "inside"])
def test_editing_an_overloads_implementation_in_another_file_invalidates(tmp_path, returned):
    # numba's @overload: the implementation a typing function returns, named
    # or written inside it, is in the key (its function's digest).
    def write(factor):
        write_program(tmp_path)
        (tmp_path / "helper.py").write_text(OVERLOADS.format(
            factor=factor, returned=returned.format(factor=factor)))

    write(2.0)
    first = run(tmp_path, tmp_path / "cache")
    assert first["out"] == expected(2.0, 1.0)
    assert run(tmp_path, tmp_path / "cache")["info"]["hits"] == 1
    write(3.0)
    edited = run(tmp_path, tmp_path / "cache")
    assert edited["out"] == expected(3.0, 1.0)
    assert edited["info"]["misses"] == 1 and edited["info"]["hits"] == 0
    reason = edited["info"]["last_miss"]["kernel"]
    assert "helper.py" in reason, reason


FACTORY = '''
import os
from pyjit.extending import overload

def scale(v):
    pass

def _make():
    factor = float(os.environ["FACTOR"])   # read when the typing function runs
    return lambda v: v * factor

@overload(scale)
def ol_scale(v):
    return _make()
'''


def test_a_cached_kernel_is_checked_against_what_overloads_choose_now(tmp_path):
    # A typing function may build its implementation from anything (a
    # factory, the environment): the key cannot cover that, so a kernel
    # loaded from the cache runs its overloads' typing functions again and
    # is compiled anew when one chooses another implementation.
    write_program(tmp_path)
    (tmp_path / "helper.py").write_text(FACTORY)
    first = run(tmp_path, tmp_path / "cache", {"FACTOR": "2.0"})
    assert first["out"] == expected(2.0, 1.0)
    again = run(tmp_path, tmp_path / "cache", {"FACTOR": "2.0"})
    assert again["out"] == expected(2.0, 1.0) and again["info"]["hits"] == 1
    changed = run(tmp_path, tmp_path / "cache", {"FACTOR": "3.0"})
    assert changed["out"] == expected(3.0, 1.0)
    assert changed["info"]["hits"] == 0 and changed["info"]["misses"] == 1
    assert "its typing function chose another implementation" in \
        changed["info"]["last_miss"]["kernel"]


EAGER = '''
import os
from pyjit import cuda

SIG = "int8(int8)" if os.environ.get("NARROW") == "1" else "float32(float32)"

@cuda.jit(SIG, device=True)
def scale(v):
    return v * 2
'''

TWO_FROM_ONE_FACTORY = '''
import os
from pyjit.extending import overload

def _make(var):
    def op(v):
        pass

    @overload(op)
    def ol_op(v):
        k = float(os.environ[var])
        return lambda v: v * k
    return op

scale = _make("K1")
offset = _make("K2")
'''


def test_a_device_functions_eager_signature_is_in_the_key(tmp_path):
    # The signature comes from a variable: the source text is the same, the
    # conversion (here to int8, which wraps 100 * 2) is not.
    write_program(tmp_path)
    (tmp_path / "helper.py").write_text(EAGER)
    wide = run(tmp_path, tmp_path / "cache")
    assert wide["out"] == expected(2.0, 1.0)
    narrow = run(tmp_path, tmp_path / "cache", {"NARROW": "1"})
    assert narrow["info"]["hits"] == 0
    assert narrow["out"] == [float(np.int8(np.int64(i) * 2 % 256 - 256 if i * 2 % 256 > 127
                                               else i * 2 % 256)) + 1.0 for i in range(64)]


def test_overloads_made_by_one_factory_are_checked_apart(tmp_path):
    # Two overloads of one typing function (a factory's): the cache check
    # tells them apart, and a hit stays a hit when nothing changed.
    write_program(tmp_path)
    (tmp_path / "main.py").write_text((tmp_path / "main.py").read_text().replace(
        "from helper import scale", "from helper import scale, offset").replace(
        "scale(x[i])", "offset(scale(x[i]))"))
    (tmp_path / "helper.py").write_text(TWO_FROM_ONE_FACTORY)
    first = run(tmp_path, tmp_path / "cache", {"K1": "2.0", "K2": "1.0"})
    assert first["out"] == expected(2.0, 1.0)
    again = run(tmp_path, tmp_path / "cache", {"K1": "2.0", "K2": "1.0"})
    assert again["info"]["hits"] == 1 and again["out"] == first["out"]
    changed = run(tmp_path, tmp_path / "cache", {"K1": "2.0", "K2": "3.0"})
    assert changed["info"]["hits"] == 0
    assert changed["out"] == (np.arange(64, dtype=np.float32) * 2.0 * 3.0 + 1.0).tolist()


def test_changing_a_constant_of_a_module_read_by_attribute_invalidates(tmp_path):
    write_program(tmp_path, bias=0.0, through_module=True)
    first = run(tmp_path, tmp_path / "cache")
    assert first["out"] == expected(2.0, 1.0)
    write_program(tmp_path, bias=10.0, through_module=True)
    edited = run(tmp_path, tmp_path / "cache")
    assert edited["out"] == expected(2.0, 11.0)
    assert edited["info"]["misses"] == 1 and "globals" in edited["info"]["last_miss"]["kernel"]


def test_changing_a_global_value_invalidates(tmp_path):
    write_program(tmp_path, offset=1.0)
    run(tmp_path, tmp_path / "cache")
    write_program(tmp_path, offset=5.0)
    edited = run(tmp_path, tmp_path / "cache")
    assert edited["out"] == expected(2.0, 5.0)
    assert "globals" in edited["info"]["last_miss"]["kernel"]


def test_corrupt_entry_is_detected_ignored_and_rewritten(tmp_path):
    write_program(tmp_path)
    cache = tmp_path / "cache"
    run(tmp_path, cache)
    [entry] = list(cache.glob("*.pjk"))
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    damaged = run(tmp_path, cache)
    assert damaged["out"] == expected(2.0, 1.0)
    assert damaged["info"]["corrupt"] == 1 and damaged["info"]["misses"] == 1
    assert "corrupt" in damaged["info"]["last_miss"]["kernel"]
    again = run(tmp_path, cache)  # the rewritten entry is good
    assert again["info"]["hits"] == 1


def test_truncated_entry_is_recompiled(tmp_path):
    write_program(tmp_path)
    cache = tmp_path / "cache"
    run(tmp_path, cache)
    [entry] = list(cache.glob("*.pjk"))
    entry.write_bytes(entry.read_bytes()[:100])
    result = run(tmp_path, cache)
    assert result["out"] == expected(2.0, 1.0)
    assert result["info"]["corrupt"] == 1


def test_entries_and_explanations_that_are_no_regular_files_or_too_deep_are_ignored(tmp_path):
    # A FIFO where an entry or an explanation file was (reading it would
    # block forever), and an explanation nested too deep for json: each is
    # passed over; the kernel is compiled and stored again.
    write_program(tmp_path)
    cache = tmp_path / "cache"
    run(tmp_path, cache)
    [entry] = list(cache.glob("*.pjk"))
    [explanation] = list((cache / "index").glob("*.json"))
    entry.unlink()
    os.mkfifo(entry)
    explanation.write_text("[" * 100000 + "]" * 100000)
    result = run(tmp_path, cache)
    assert result["out"] == expected(2.0, 1.0)
    assert result["info"]["corrupt"] == 1 and result["info"]["stores"] == 1
    assert entry.is_file()
    os.unlink(explanation)
    os.mkfifo(explanation)
    write_program(tmp_path, offset=3.0)  # a miss, which reads the explanations
    assert run(tmp_path, cache)["out"] == expected(2.0, 3.0)


def test_a_cache_directory_whose_name_is_not_utf8_works(tmp_path):
    # File names are bytes: os.environ gives such a PYJIT_CACHE_DIR with
    # surrogates, which pyjit hands on as the bytes they stand for.
    write_program(tmp_path)
    cache = os.fsdecode(os.fsencode(str(tmp_path)) + b"/cache-\xff\xfe")
    first = run(tmp_path, cache)
    assert first["out"] == expected(2.0, 1.0) and first["info"]["stores"] == 1
    assert os.path.isdir(os.fsencode(cache))
    assert run(tmp_path, cache)["info"]["hits"] == 1


def test_a_size_limit_beyond_64_bits_is_no_limit(tmp_path):
    write_program(tmp_path)
    huge = {"PYJIT_CACHE_MAX_BYTES": str(2 ** 64 + 100)}  # (not 100 bytes, modulo 2**64)
    run(tmp_path, tmp_path / "cache", huge)
    result = run(tmp_path, tmp_path / "cache", huge)
    assert result["info"]["hits"] == 1 and result["info"]["entries"] == 1


def test_unusable_cache_directory_falls_back_to_memory_with_one_warning(tmp_path):
    write_program(tmp_path)
    blocker = tmp_path / "a_file"
    blocker.write_text("not a directory")
    result = run(tmp_path, blocker / "cache")
    assert result["out"] == expected(2.0, 1.0)
    assert result["stderr"].count("RuntimeWarning: pyjit's kernel cache is not usable") == 1, \
        result["stderr"]
    assert str(blocker / "cache") in result["stderr"]
    assert "in memory only" in result["stderr"]
    assert result["info"]["directory"] is None  # (off: "None when off")


def test_cache_false_and_env_opt_out_write_nothing(tmp_path):
    write_program(tmp_path, options="(cache=False)")
    cache = tmp_path / "cache"
    result = run(tmp_path, cache)
    assert result["out"] == expected(2.0, 1.0)
    assert not list(cache.glob("*.pjk"))
    write_program(tmp_path)
    result = run(tmp_path, cache, {"PYJIT_CACHE": "0"})
    assert result["info"]["directory"] is None
    assert not list(cache.glob("*.pjk"))
    result = run(tmp_path, cache, {"PYJIT_CACHE": "maybe"})  # not a switch: on, and said so
    assert result["info"]["directory"] == str(cache)
    assert result["stderr"].count("PYJIT_CACHE='maybe' is not one of") == 1, result["stderr"]


def test_concurrent_processes_share_one_entry(tmp_path):
    write_program(tmp_path)
    cache = tmp_path / "cache"
    env = dict(os.environ, PYJIT_CACHE_DIR=str(cache))
    procs = [subprocess.Popen([sys.executable, str(tmp_path / "main.py")], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert json.loads(out.strip().splitlines()[-1])["out"] == expected(2.0, 1.0)
    assert len(list(cache.glob("*.pjk"))) == 1
    assert not list(cache.glob("tmp-*"))  # no temporary file left behind
    assert run(tmp_path, cache)["info"]["hits"] == 1


def test_size_limit_evicts_and_clear_cache_empties(tmp_path, monkeypatch):
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PYJIT_CACHE_MAX_BYTES", "1")  # every store evicts down to the newest

    @cuda.jit
    def add(x, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] + 1

    for dtype in (np.float32, np.float64, np.int32):
        x = np.arange(8, dtype=dtype)
        out = np.zeros_like(x)
        add[1, 8](x, out)
        np.testing.assert_array_equal(out, x + 1)
    info = pyjit.cache_info()
    assert info["directory"] == str(tmp_path / "cache")
    assert info["entries"] <= 1
    monkeypatch.setenv("PYJIT_CACHE_MAX_BYTES", str(1 << 30))
    x = np.arange(8, dtype=np.int64)
    out = np.zeros_like(x)
    add[1, 8](x, out)
    assert pyjit.cache_info()["entries"] >= 1
    assert pyjit.clear_cache() >= 1
    assert pyjit.cache_info()["entries"] == 0


def test_eight_threads_calling_first_compile_once(tmp_path, monkeypatch):
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "c"))  # (empty: a lookup that misses is a compile)

    @cuda.jit
    def twice(x, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = 2 * x[i]

    before = pyjit.cache_info()["misses"]
    x = np.arange(32, dtype=np.float32)
    outs = [np.zeros_like(x) for _ in range(8)]
    errors = []
    barrier = threading.Barrier(8)

    def call(out):
        try:
            barrier.wait()
            twice[1, 32](x, out)
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(o,)) for o in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert pyjit.cache_info()["misses"] - before == 1  # one compile
    for o in outs:
        np.testing.assert_array_equal(o, 2 * x)


def test_cache_info_shape():
    info = pyjit.cache_info()
    for k in ("hits", "misses", "corrupt", "stores", "entries", "bytes", "directory",
              "last_miss"):
        assert k in info
    assert isinstance(info["last_miss"], dict)


def test_bad_size_limit_warns_once_and_uses_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("PYJIT_CACHE_MAX_BYTES", "lots")

    @cuda.jit
    def k(out):
        out[0] = 1

    out = np.zeros(1, np.int32)
    with pytest.warns(RuntimeWarning, match="PYJIT_CACHE_MAX_BYTES must be a whole number"):
        k[1, 1](out)
    assert out[0] == 1 and pyjit.cache_info()["entries"] == 1


@cuda.jit(device=True)
def _plus_one(x):
    return x + 1


@cuda.jit(device=True)
def _twice(x):
    return x * 2


def test_which_device_function_a_name_means_is_in_the_key(tmp_path, monkeypatch):
    # Two kernels with the same source reaching the same device functions
    # under swapped names: each must run its own composition.
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))

    def make(pre, post):
        @cuda.jit
        def compose(out):
            out[0] = post(pre(10))
        return compose

    for pre, post, want in ((_plus_one, _twice, 22), (_twice, _plus_one, 21)):
        out = np.zeros(1, np.int64)
        make(pre, post)[1, 1](out)
        assert out[0] == want


FACTORIES = '''
from pyjit import cuda

def _make_a():
    @cuda.jit(device=True)
    def step(x):
        return x + {a}
    return step

def _make_b():
    @cuda.jit(device=True)
    def step(x):
        return x * 2
    return step

step_a = _make_a()
step_b = _make_b()
'''

FACTORY_MAIN = '''
import json, sys, warnings
import numpy as np
sys.path.insert(0, {dir!r})
warnings.filterwarnings("ignore", "no usable GPU")
import pyjit
from pyjit import cuda
from ops import step_a, step_b

@cuda.jit
def kernel(out):
    out[0] = step_a(10)
    out[1] = step_b(10)

out = np.zeros(2, np.int64)
kernel[1, 1](out)
print(json.dumps({{"out": out.tolist(), "info": pyjit.cache_info()}}))
'''


def test_same_named_device_functions_of_one_file_are_keyed_apart(tmp_path):
    (tmp_path / "main.py").write_text(FACTORY_MAIN.format(dir=str(tmp_path)))
    (tmp_path / "ops.py").write_text(FACTORIES.format(a=100))
    assert run(tmp_path, tmp_path / "cache")["out"] == [110, 20]
    (tmp_path / "ops.py").write_text(FACTORIES.format(a=1))
    edited = run(tmp_path, tmp_path / "cache")
    assert edited["out"] == [11, 20] and edited["info"]["hits"] == 0


CLOSURES = '''
import importlib.util
from pyjit import cuda

def make_scale(c):
    @cuda.jit(device=True)
    def scale(x):
        return x * c
    return scale

def _loaded(name, c):  # (one module loaded twice, its global C set apart)
    spec = importlib.util.spec_from_file_location(name, {twice!r})
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.C = c
    return module

scale2, scale3 = make_scale(2.0), make_scale(3.0)
by_default_a, by_default_b = [cuda.jit(device=True)(lambda x, c=c: x * c) for c in (5.0, 7.0)]
loaded_a, loaded_b = _loaded("twice_a", 11.0), _loaded("twice_b", 13.0)
selected = {selected}
'''

CLOSURE_MAIN = '''
import json, sys, warnings
import numpy as np
sys.path.insert(0, {dir!r})
warnings.filterwarnings("ignore", "no usable GPU")
import pyjit
from pyjit import cuda
import ops

@cuda.jit
def kernel(out):
    out[0] = ops.scale2(1.0) + ops.scale3(1.0) * 10
    out[1] = ops.by_default_a(1.0) + ops.by_default_b(1.0) * 10
    out[2] = ops.loaded_a.f(1.0) + ops.loaded_b.f(1.0) * 100
    out[3] = ops.selected(1.0)

out = np.zeros(4)
kernel[1, 1](out)
print(json.dumps({{"out": out.tolist(), "info": pyjit.cache_info()}}))
'''


def test_a_name_for_one_of_two_same_texted_device_functions_is_keyed_by_which(tmp_path):
    # Two closures of one factory, two lambdas apart only by a default, one
    # module loaded twice with other globals: one text each, other values.
    # A global naming one of them (ops.selected) must key the kernel by which
    # one, though no file the kernel reads changes but the line naming it.
    (tmp_path / "twice.py").write_text(
        "from pyjit import cuda\nC = 0.0\n\n@cuda.jit(device=True)\ndef f(x):\n"
        "    return x * C\n")
    (tmp_path / "main.py").write_text(CLOSURE_MAIN.format(dir=str(tmp_path)))
    fixed = [2.0 + 30.0, 5.0 + 70.0, 11.0 + 1300.0]
    cache = tmp_path / "cache"
    for selected, want in (("scale2", 2.0), ("scale3", 3.0), ("by_default_a", 5.0),
                           ("by_default_b", 7.0), ("loaded_a.f", 11.0),
                           ("loaded_b.f", 13.0), ("scale2", 2.0)):
        (tmp_path / "ops.py").write_text(CLOSURES.format(
            twice=str(tmp_path / "twice.py"), selected=selected))
        result = run(tmp_path, cache)
        assert result["out"] == fixed + [want], selected
    assert result["info"]["hits"] == 1  # (the first one again: its entry)


def test_an_entry_under_another_key_is_not_used(tmp_path):
    write_program(tmp_path, factor=2.0)
    cache = tmp_path / "cache"
    run(tmp_path, cache)
    [first] = list(cache.glob("*.pjk"))
    write_program(tmp_path, factor=5.0)
    run(tmp_path, cache)
    second = [p for p in cache.glob("*.pjk") if p != first][0]
    second.write_bytes(first.read_bytes())  # the factor-2 code under the factor-5 key
    result = run(tmp_path, cache)
    assert result["out"] == expected(5.0, 1.0)
    assert result["info"]["hits"] == 0


def test_an_int_subclass_is_keyed_by_its_value_not_its_repr():
    # An IntEnum whose __repr__ hides its value: editing the value must
    # change the key.
    import enum
    from pyjit import _cache
    from pyjit._source import describe

    def kernel_reading(mode_class):
        def k(out):
            out[0] = mode_class.MUL
        return k

    parts = []
    for value in (2, 5):
        class Mode(enum.IntEnum):
            ADD = 1
            MUL = value

            def __repr__(self):
                return "Mode." + self.name
        info = describe(kernel_reading(Mode))
        described = info["globals"]["mode_class"][1][1]["MUL"]
        # (kind, value, name, numba's IntEnumMember type naming the local
        # class; the second class of that name alive is "..._Mode_2")
        assert described[:3] == ("enum", value, "Mode.MUL")
        assert re.fullmatch(r"IntEnumMember\(\w+_locals__Mode(_2)?, int64\)", described[3])
        parts.append(_cache.key_parts(info, ["array(int64, 1d, C)"], "cpu", {}, {}))
    assert parts[0]["globals"] != parts[1]["globals"]


_RECOMPILE_SCALE = 2.0


def test_recompile_reads_globals_anew_and_stats_count_lookups(tmp_path, monkeypatch):
    # numba's Dispatcher.recompile() and .stats (numba-cuda's test_caching).
    global _RECOMPILE_SCALE
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))

    @cuda.jit
    def scale(a):
        a[0] = a[0] * _RECOMPILE_SCALE

    a = np.ones(1)
    scale[1, 1](a)
    assert a[0] == 2.0
    stats = scale.stats
    assert stats.cache_path == str(tmp_path / "cache")
    assert sum(stats.cache_misses.values()) == 1 and not stats.cache_hits
    monkeypatch.setattr(sys.modules[__name__], "_RECOMPILE_SCALE", 3.0)
    scale[1, 1](a)
    assert a[0] == 4.0   # the compiled kernel keeps the value it was compiled with
    scale.recompile()
    scale[1, 1](a)
    assert a[0] == 12.0  # recompiled with the new value
    assert sum(scale.stats.cache_misses.values()) == 1   # a new key: a miss
    monkeypatch.setattr(sys.modules[__name__], "_RECOMPILE_SCALE", 2.0)
    scale.recompile()
    assert sum(scale.stats.cache_hits.values()) == 1   # 2.0's entry, stored at the start


_LATER_OFFSET = 1
_LATER_HELPER_OFFSET = 10


@cuda.jit(device=True)
def _later_helper(v):
    return v + _LATER_HELPER_OFFSET


def test_a_signature_compiled_later_reads_the_globals_then(tmp_path, monkeypatch):
    # numba reads a kernel's globals at each compile: a signature first called
    # after a global changed compiles with the new value (its device
    # functions' globals too), while one compiled before keeps the old.
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "cache"))
    module = sys.modules[__name__]

    @cuda.jit
    def shift(a):
        a[0] = _later_helper(a[0]) + _LATER_OFFSET

    f = np.zeros(1, np.float64)
    shift[1, 1](f)
    assert f[0] == 11.0
    monkeypatch.setattr(module, "_LATER_OFFSET", 100)
    monkeypatch.setattr(module, "_LATER_HELPER_OFFSET", 1000)
    i = np.zeros(1, np.int64)
    shift[1, 1](i)        # a new signature: compiled now
    assert i[0] == 1100
    shift[1, 1](f)        # compiled before the change: keeps 1 and 10
    assert f[0] == 22.0
    assert len(shift.overloads) == 2


def test_a_nan_global_changing_sign_or_payload_misses(tmp_path):
    # Every NaN's repr is "nan": the key read the global's repr, so -NaN (or
    # another payload) ran the code compiled for NaN, whose math.copysign
    # and bits differ. The key takes a float's bits.
    write_program(tmp_path, offset="float('nan')")
    first = run(tmp_path, tmp_path / "cache")
    assert first["info"]["misses"] == 1
    for offset in ("-float('nan')", "np.frombuffer(bytes.fromhex('230100000000f87f'))[0]"):
        write_program(tmp_path, offset=offset)
        edited = run(tmp_path, tmp_path / "cache")
        assert edited["info"]["misses"] == 1 and edited["info"]["hits"] == 0, offset
        assert "globals" in edited["info"]["last_miss"]["kernel"]
    from pyjit import _cache
    assert _cache._digest((1.5, ("float", float("nan")))) != \
        _cache._digest((1.5, ("float", -float("nan"))))
    assert _cache._digest(complex(float("nan"), 1)) != _cache._digest(complex(-float("nan"), 1))
    assert _cache._digest([0.5, -0.0]) != _cache._digest([0.5, 0.0])


def test_clear_cache_removes_only_the_caches_own_files(tmp_path, monkeypatch):
    # PYJIT_CACHE_DIR may be shared (PYJIT_CACHE_DIR=/tmp): clear_cache()
    # removed every tmp-* and *.pjk file there and the whole index/ tree.
    cache = tmp_path / "shared"
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(cache))

    @cuda.jit
    def k(out):
        out[0] = 7

    out = np.zeros(1, np.int32)
    k[1, 1](out)
    assert out[0] == 7
    theirs = [cache / "tmp-notes.txt", cache / "report.pjk", cache / "index" / "docs.txt"]
    for path in theirs:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("someone else's")
    info = pyjit.cache_info()
    assert info["entries"] >= 1
    entries = info["entries"]
    assert pyjit.clear_cache() == entries  # (report.pjk is no entry)
    assert pyjit.cache_info()["entries"] == 0
    assert not list(cache.glob("*[0-9a-f].pjk")) and not list((cache / "index").glob("*.json"))
    for path in theirs:
        assert path.read_text() == "someone else's", path


def test_a_cache_directory_that_cannot_be_read_is_reported_as_unusable(tmp_path, monkeypatch):
    # A directory of mode 000 (simulated: tests may run as root) fails its
    # stores and its loads: one warning says it cannot be read, not that its
    # kernels are "still loaded from it", and cache_info() shows no directory.
    from pyjit import _cache
    from pyjit._ext import ext
    cache = tmp_path / "closed"
    cache.mkdir()
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(cache))
    real_access = os.access
    monkeypatch.setattr(_cache.os, "access",
                        lambda p, mode, **kw: False if str(p) == str(cache)
                        else real_access(p, mode, **kw))

    class Closed:
        def __getattr__(self, name):
            return getattr(ext(), name)

        def cache_load(self, *args):
            return ("miss", None)  # (what a load of an unreadable directory finds)

        def cache_store(self, *args):
            raise PermissionError(13, "Permission denied", str(cache))

    monkeypatch.setattr(_cache, "ext", lambda: Closed())
    monkeypatch.setattr(_cache, "_warned", set())
    monkeypatch.setattr(_cache, "_unwritable", set())

    @cuda.jit
    def closed_dir(out):
        out[0] = 3

    out = np.zeros(1, np.int32)
    with pytest.warns(RuntimeWarning, match="not usable .*cannot be read") as caught:
        closed_dir[1, 1](out)
    assert out[0] == 3
    assert not any("still loaded" in str(w.message) for w in caught)
    assert pyjit.cache_info()["directory"] is None


def test_a_read_only_cache_directory_still_gives_its_entries(tmp_path, monkeypatch):
    # After the first store failed (a read-only, shared cache), lookups
    # stopped reading the directory: entries it held missed, explained as
    # "entry missing or evicted". Writes fail as the OS fails them; the
    # directory's permissions are simulated (tests may run as root).
    from pyjit import _cache
    cache = tmp_path / "prepared"
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(cache))
    src = tmp_path / "ro_kernels.py"
    src.write_text("from pyjit import cuda\n\n\n@cuda.jit\ndef first(out):\n    out[0] = 1\n\n\n"
                   "@cuda.jit\ndef second(out):\n    out[0] = 2\n")
    from kernel_files import load_module
    mod = load_module(tmp_path, "ro_kernels", src.read_text())
    out = np.zeros(1, np.int32)
    mod.first[1, 1](out)  # stored
    mod = load_module(tmp_path, "ro_kernels", src.read_text())  # (new dispatchers, same file)
    real_access = os.access
    monkeypatch.setattr(_cache.os, "access",
                        lambda p, mode, **kw: False if (mode & os.W_OK and
                                                        str(p) == str(cache))
                        else real_access(p, mode, **kw))
    from pyjit._ext import ext

    class ReadOnly:
        def __getattr__(self, name):
            return getattr(ext(), name)

        def cache_store(self, *args):
            raise OSError(13, "Permission denied", str(cache))

    monkeypatch.setattr(_cache, "ext", lambda: ReadOnly())
    monkeypatch.setattr(_cache, "_unwritable", set())
    monkeypatch.setattr(_cache, "_warned", set())
    before = pyjit.cache_info()
    with pytest.warns(RuntimeWarning, match="cannot be written .* still loaded from it"):
        mod.second[1, 1](out)  # not stored: warned once
    assert out[0] == 2
    mod.first[1, 1](out)  # stored before: still read
    assert out[0] == 1
    after = pyjit.cache_info()
    assert after["hits"] - before["hits"] == 1
    assert after["directory"] == str(cache) and after["entries"] >= 1


def test_last_miss_tells_apart_same_named_kernels_of_two_factories(tmp_path, monkeypatch):
    # Both factories make a kernel named `kernel`: the second's first miss
    # was explained against the first's entry ("changed: kernel").
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "c"))
    from kernel_files import load_module
    mod = load_module(tmp_path, "factories", '''
from pyjit import cuda


def make_add():
    @cuda.jit
    def kernel(out):
        out[0] += 1
    return kernel


def make_mul():
    @cuda.jit
    def kernel(out):
        out[0] *= 3
    return kernel
''')
    out = np.ones(1, np.int64)
    mod.make_add()[1, 1](out)
    mod.make_mul()[1, 1](out)
    assert out[0] == 6
    last = pyjit.cache_info()["last_miss"]
    assert last["make_add.<locals>.kernel"] == "no entry for this kernel yet"
    assert last["make_mul.<locals>.kernel"] == "no entry for this kernel yet"


def test_last_miss_tells_apart_same_named_kernels_of_two_files(tmp_path, monkeypatch):
    # Both files' kernels are named `kernel`: the second's explanation
    # replaced the first's under one key.
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "c"))
    from pyjit import _cache  # (this process's earlier kernels named `kernel` left)
    monkeypatch.setattr(_cache, "_last_miss", {})
    monkeypatch.setattr(_cache, "_miss_files", {})
    from kernel_files import load_module
    source = '''
from pyjit import cuda


@cuda.jit
def kernel(out):
    out[0] += %d
'''
    first = load_module(tmp_path, "miss_first", source % 1)
    second = load_module(tmp_path, "miss_second", source % 2)
    out = np.zeros(1, np.int64)
    first.kernel[1, 1](out)
    second.kernel[1, 1](out)
    assert out[0] == 3
    last = pyjit.cache_info()["last_miss"]
    assert last["kernel"] == "no entry for this kernel yet"
    assert last["kernel (%s)" % (tmp_path / "miss_second.py")] == "no entry for this kernel yet"
    # Compiled again for another signature: each explanation stays under its own key.
    second.kernel[1, 1](np.zeros(1, np.int32))
    last = pyjit.cache_info()["last_miss"]
    assert last["kernel"] == "no entry for this kernel yet"
    assert last["kernel (%s)" % (tmp_path / "miss_second.py")] == "changed: signature"


def test_pyjit_cache_0_makes_no_lookup_as_cache_false(tmp_path):
    # PYJIT_CACHE=0 counted a miss per compile ("lookups that compiled")
    # and filled kernel.stats, where cache=False counts nothing.
    write_program(tmp_path)
    result = run(tmp_path, tmp_path / "cache", {"PYJIT_CACHE": "0"})
    assert result["out"] == expected(2.0, 1.0)
    assert result["info"]["misses"] == 0 and result["info"]["hits"] == 0
    assert result["info"]["last_miss"] == {}


def test_a_cache_dir_starting_with_a_tilde_is_under_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PYJIT_CACHE_DIR", "~/kernels")
    from pyjit import _cache
    assert _cache.directory() == str(tmp_path / "home" / "kernels")


def test_explanations_kept_are_bounded(tmp_path, monkeypatch):
    # One index file per kernel: kernels in per-run temporary files made
    # <dir>/index/ grow without bound (the size limit covers entries).
    from pyjit import _cache
    monkeypatch.setattr(_cache, "_INDEX_FILES", 4)
    index = tmp_path / "c" / "index"
    for k in range(12):
        _cache._remember(str(tmp_path / "c"), ("file%d.py" % k, "k"), {"kernel": str(k)})
        assert len(list(index.glob("*.json"))) <= 4
    (index / "mine.txt").write_text("kept")  # not the cache's
    for k in range(12, 20):
        _cache._remember(str(tmp_path / "c"), ("file%d.py" % k, "k"), {"kernel": str(k)})
    assert (index / "mine.txt").read_text() == "kept"


def test_an_entry_larger_than_the_limit_is_not_stored_nor_counted(tmp_path, monkeypatch):
    # It was written, evicted at once (with every older entry) and counted
    # in stores: stores=1, entries=0.
    from pyjit import _cache
    monkeypatch.setenv("PYJIT_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("PYJIT_CACHE_MAX_BYTES", "500")
    before = pyjit.cache_info()["stores"]
    _cache.store(("big.py", "k"), {"kernel": "big"}, {"image": b"x" * 1000})
    _cache.store(("small.py", "k"), {"kernel": "small"}, {"image": b"x"})
    info = pyjit.cache_info()
    assert info["stores"] == before + 1 and info["entries"] == 1  # the small one alone


def test_a_codegen_switch_set_after_the_first_compile_is_in_the_key(tmp_path, monkeypatch):
    # The switches were read once a process for the key, at each compile by
    # the code generator: one set later stored switched code under a key
    # without it.
    from pyjit._dispatcher import _versions
    monkeypatch.delenv("PYJIT_NO_NARROW_IV", raising=False)
    before = _versions(None)["codegen_switches"]
    monkeypatch.setenv("PYJIT_NO_NARROW_IV", "1")
    assert _versions(None)["codegen_switches"] != before
