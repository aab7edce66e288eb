"""Pickling kernels, device functions, launch configurations and ufuncs, as
numba pickles its dispatchers (numba-cuda's test_serialize): module-level
objects by reference, others by value. Expected values by hand."""
import multiprocessing
import threading
import pickle

import numpy as np
import pytest

import pyjit
from pyjit import cuda, vectorize


@cuda.jit
def add_one(arr):
    arr[0] += 1


def _launch_in_child(kernel):
    arr = np.array([41])
    kernel[1, 1](arr)
    return int(arr[0])


def test_module_level_kernel_pickles_by_reference():
    assert pickle.loads(pickle.dumps(add_one)) is add_one


def test_local_kernels_and_device_functions_pickle_by_value():
    @cuda.jit(device=True)
    def inner(a):
        return a + 1

    @cuda.jit("void(intp[:])")
    def typed(arr):
        arr[0] = inner(arr[0])

    @cuda.jit
    def lazy(arr):
        arr[0] = inner(arr[0]) * 10

    for kernel, expected in ((typed, 101), (lazy, 1010)):
        again = pickle.loads(pickle.dumps(kernel))
        assert again is not kernel and again.__name__ == kernel.__name__
        arr = np.array([100])
        again[1, 1](arr)
        assert arr[0] == expected
        twice = pickle.loads(pickle.dumps(again))
        arr = np.array([100])
        twice[1, 1](arr)
        assert arr[0] == expected
    assert pickle.loads(pickle.dumps(typed)).signatures == typed.signatures


def test_launch_configuration_pickles_without_a_stream():
    configured = pickle.loads(pickle.dumps(add_one[5, 8]))
    assert configured.griddim == (5, 1, 1) and configured.blockdim == (8, 1, 1)
    arr = np.array([1])
    configured(arr)   # 40 threads, each adds one (races on the CPU backend are serial)
    assert 1 < arr[0] <= 41


@pytest.mark.gpu
def test_launch_configuration_on_a_stream_does_not_pickle():
    # (The CPU backend's streams are all the default stream, handle 0.)
    with pytest.raises(TypeError, match="on a stream"):
        pickle.dumps(add_one[1, 1, cuda.stream()])


def test_ufuncs_pickle():
    @vectorize(["intp(intp)", "float64(float64)"], target="cuda")
    def twice(x):
        return x * 2

    again = pickle.loads(pickle.dumps(twice))
    np.testing.assert_array_equal(again(np.arange(4)), [0, 2, 4, 6])
    assert again(1.5) == 3.0

    @pyjit.guvectorize(["void(float64[:], float64[:])"], "(n)->()", target="cuda")
    def total(x, out):
        out[0] = 0
        for v in x:
            out[0] += v

    np.testing.assert_array_equal(pickle.loads(pickle.dumps(total))(np.ones((2, 3))), [3, 3])

    @vectorize(target="cpu")  # a dynamic ufunc stays one, with its signatures
    def inc(x):
        return x + 1

    inc(np.ones(2, np.float32))
    again = pickle.loads(pickle.dumps(inc))
    assert again.types == ["f->f"]
    np.testing.assert_array_equal(again(np.arange(3, dtype=np.int16)), [1, 2, 3])
    assert again.types == ["f->f"]  # int16 casts safely to float32: that loop
    np.testing.assert_array_equal(again(np.arange(3)), [1, 2, 3])
    assert again.types == ["f->f", "l->l"]
    inc.disable_compile()  # a frozen one stays frozen
    frozen = pickle.loads(pickle.dumps(inc))
    with pytest.raises(RuntimeError, match="compilation disabled"):
        frozen.add("int8(int8)")


def test_a_kernel_passes_to_a_spawned_process():
    # numba-cuda's test_caching passes kernels to a multiprocessing pool.
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(_launch_in_child, (add_one,)) == 42


_SCALE = 2.0
size = threading.Lock()   # unpicklable; kernels below read `.size`, not this global


def test_by_value_pickles_carry_the_globals_they_read_and_only_those():
    global _SCALE

    @cuda.jit
    def scale(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = i * _SCALE

    data = pickle.dumps(scale)       # `size` (an attribute here) is not a global read
    _SCALE = 5.0
    try:
        again = pickle.loads(data)
        out = np.zeros(3)
        again[1, 3](out)
        assert out.tolist() == [0.0, 2.0, 4.0]   # the value pickled, not the module's now
    finally:
        _SCALE = 2.0


def test_mutually_recursive_local_functions_and_specialized_kernels_pickle():
    @cuda.jit(device=True)
    def even(n):
        if n == 0:
            return True
        return odd(n - 1)

    @cuda.jit(device=True)
    def odd(n):
        if n == 0:
            return False
        return even(n - 1)

    @cuda.jit
    def k(out, n):
        out[0] = even(n)

    again = pickle.loads(pickle.dumps(k))
    out = np.zeros(1)
    again[1, 1](out, 7)
    assert out[0] == 0.0
    again[1, 1](out, 10)
    assert out[0] == 1.0

    @cuda.jit
    def fill(out):
        out[0] = 1

    special = fill.specialize(np.zeros(4))
    assert pickle.loads(pickle.dumps(special)).specialized is True


def test_a_kernel_of_a_scripts_main_block_passes_to_a_spawned_pool(tmp_path):
    # A spawned worker imports the script as __mp_main__ without its main
    # block, so __main__'s kernels go by value (numba's too).
    import subprocess
    import sys
    script = tmp_path / "main_block.py"
    script.write_text(
        "import multiprocessing\n"
        "import numpy as np\n"
        "from pyjit import cuda\n\n\n"
        "def run(k):\n"
        "    a = np.arange(2.0)\n"
        "    k[1, 2](a)\n"
        "    return a.tolist()\n\n\n"
        "if __name__ == '__main__':\n"
        "    @cuda.jit\n"
        "    def k(a):\n"
        "        i = cuda.grid(1)\n"
        "        a[i] += 0.5\n\n"
        "    with multiprocessing.get_context('spawn').Pool(1) as pool:\n"
        "        print(pool.apply_async(run, (k,)).get(timeout=120))\n")
    out = subprocess.run([sys.executable, "-W", "ignore", str(script)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[0.5, 1.5]"


def test_a_kernel_pickled_by_value_keeps_its_source(tmp_path):
    # Loading compiles the source pickled, not the file's text since edited.
    from kernel_files import load_module
    m = load_module(tmp_path, "editable", '''
from pyjit import cuda


def make():
    @cuda.jit
    def k(out):
        out[0] = 1
    return k
''')
    data = pickle.dumps(m.make())
    path = tmp_path / "editable.py"
    path.write_text("# three\n# new\n# lines\n" + path.read_text().replace("= 1", "= 99"))
    out = np.zeros(1)
    pickle.loads(data)[1, 1](out)
    assert out[0] == 1
