"""CUDA IPC (numba.cuda's get_ipc_handle / IpcArrayHandle / open_ipc_array):
another process opens a device array's memory and writes it; this process
sees the writes. Expected values are numpy's."""
import os
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pyjit import cuda

CHILD = textwrap.dedent("""
    import pickle, sys
    import numpy as np
    from pyjit import cuda

    @cuda.jit
    def double(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= 2

    handle, raw, offset = pickle.loads(sys.stdin.buffer.read())
    with handle as view:                     # IpcArrayHandle as a context manager
        seen = view.copy_to_host()
        double[1, 32](view)
        cuda.synchronize()
    # The same allocation from its raw 64 bytes, 1-d float32 from `offset`.
    with cuda.open_ipc_array(raw, shape=2, dtype=np.float32, offset=offset) as tail:
        tail[1] = -1.0
        cuda.synchronize()
    print(" ".join(str(v) for v in seen))
""")


def _child(tmp_path, payload):
    script = tmp_path / "ipc_child.py"
    script.write_text(CHILD)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.run([sys.executable, str(script)], input=pickle.dumps(payload),
                          capture_output=True, env=env, timeout=120)


@pytest.mark.gpu
def test_another_process_opens_and_writes_a_view(tmp_path):
    host = np.arange(10, dtype=np.float32)
    d = cuda.to_device(host)
    view = d[2:8]
    handle = view.get_ipc_handle()
    raw = handle._ipc_handle.handle
    # The last two elements of the allocation: byte offset 8 * 4 from its start.
    tail_offset = handle._ipc_handle.offset - 2 * 4 + 8 * 4
    run = _child(tmp_path, (handle, raw, tail_offset))
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout.decode().split() == [str(v) for v in host[2:8]]
    expected = host.copy()
    expected[2:8] *= 2
    expected[9] = -1.0
    np.testing.assert_array_equal(d.copy_to_host(), expected)


@pytest.mark.gpu
def test_a_handle_is_not_opened_by_its_own_process():
    d = cuda.device_array(4, dtype=np.int32)
    handle = d.get_ipc_handle()
    with pytest.raises(ValueError, match="process that exported it"):
        handle.open()
    again = pickle.loads(pickle.dumps(handle))
    assert again._array_desc == {"shape": (4,), "strides": (4,), "dtype": np.dtype(np.int32)}


def test_handles_of_the_wrong_size_and_no_gpu_are_refused():
    with pytest.raises(ValueError, match="64 bytes, not 3"):
        cuda.IpcHandle(b"abc", 16)
    with pytest.raises(TypeError, match="64 bytes"):
        cuda.IpcHandle(object(), 16)
    from pyjit._devicearray import host_memory
    if host_memory():
        # A handle is made (programs take one per process and open the
        # others'); opening it needs a GPU.
        handle = cuda.to_device(np.zeros(2)).get_ipc_handle()
        assert handle._array_desc["shape"] == (2,)
        with pytest.raises(RuntimeError, match="needs a GPU"):
            handle.open()
        with pytest.raises(RuntimeError, match="needs a GPU"):
            with pickle.loads(pickle.dumps(handle)):
                pass
        with pytest.raises(RuntimeError, match="needs a GPU"):
            with cuda.open_ipc_array(bytes(64), 2, np.float32):
                pass


def test_ipc_handles_have_numbas_attributes():
    # numba's IpcHandle: .handle.reserved (the 64 bytes), .base (the memory
    # it was made from; None once pickled), .size; numba code reads them.
    d = cuda.to_device(np.arange(8, dtype=np.int64))
    ipch = cuda.current_context().get_ipc_handle(d.gpu_data)
    raw = ipch.handle.reserved
    assert isinstance(raw, bytes) and len(raw) == 64 and raw == bytes(ipch.handle)
    assert ipch.base == d.gpu_data and ipch.size >= 64
    again = pickle.loads(pickle.dumps(ipch))
    assert again.base is None and again.size == ipch.size
    assert again.handle.reserved == raw
    assert cuda.IpcHandle(ipch.handle, 64).handle == raw  # numba's handle object is taken too
    array_handle = d.get_ipc_handle()
    assert array_handle._ipc_handle.base == d.gpu_data
