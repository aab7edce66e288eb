"""Two GPUs in one process (issue 6): one module per device, arrays and streams
where the selected device is. Skipped, with the reason, on machines with fewer
than two GPUs (run on the device tool's nvidia-h200-x2)."""
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import pyjit
from pyjit import cuda

pytestmark = pytest.mark.gpu


def _gpus():
    try:
        return len(cuda.gpus)
    except Exception:
        return 0


two_gpus = pytest.mark.skipif(_gpus() < 2, reason="needs two GPUs, found %d" % _gpus())


@cuda.jit
def add_device_id(x, dev):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += dev


@two_gpus
def test_one_kernel_runs_on_each_device_with_its_own_module():
    outs = []
    for dev in (0, 1, 0, 1):          # back and forth: each device's module is kept
        with cuda.gpus[dev]:
            assert cuda.get_current_device().id == dev
            d = cuda.to_device(np.arange(1000, dtype=np.float32))
            add_device_id[4, 256](d, np.float32(10 * (dev + 1)))
            outs.append(d.copy_to_host())
    for dev, out in zip((0, 1, 0, 1), outs):
        np.testing.assert_array_equal(out, np.arange(1000, dtype=np.float32) + 10 * (dev + 1))
    assert len(add_device_id.overloads) == 1   # compiled once, loaded on each device


@two_gpus
def test_select_device_moves_allocation_and_launch():
    cuda.select_device(1)
    try:
        d = cuda.device_array(64, np.int32)
        d.copy_to_device(np.zeros(64, np.int32))
        add_device_id[1, 64](d, 7)
        cuda.synchronize()
        assert cuda.get_current_device().id == 1
        np.testing.assert_array_equal(d.copy_to_host(), np.full(64, 7, np.int32))
    finally:
        cuda.select_device(0)
    assert cuda.get_current_device().id == 0


@two_gpus
def test_streams_and_events_on_the_second_device():
    with cuda.gpus[1]:
        s = cuda.stream()
        start, end = cuda.event(), cuda.event()
        h = np.arange(1 << 20, dtype=np.float32)
        d = cuda.to_device(h, stream=s)
        start.record(s)
        add_device_id[(h.size + 255) // 256, 256, s](d, np.float32(1))
        end.record(s)
        out = d.copy_to_host(stream=s)
        s.synchronize()
        assert cuda.event_elapsed_time(start, end) >= 0
    np.testing.assert_array_equal(out, h + 1)


@two_gpus
def test_threads_on_different_devices_launch_concurrently():
    results, errors = {}, []

    def work(dev):
        try:
            cuda.select_device(dev)
            d = cuda.to_device(np.zeros(4096, np.float64))
            for _ in range(50):
                add_device_id[16, 256](d, 1.0)
            results[dev] = (d.copy_to_host(), cuda.get_current_device().id)
        except Exception as exc:  # reported below, with the device
            errors.append((dev, exc))

    threads = [threading.Thread(target=work, args=(dev,)) for dev in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for dev in (0, 1):
        out, seen = results[dev]
        assert seen == dev
        np.testing.assert_array_equal(out, np.full(4096, 50.0))


@two_gpus
def test_a_fault_on_device_1_names_the_kernel_and_the_process_exits_cleanly(tmp_path):
    """In a child process: a wild write on device 1 is reported at its synchronisation
    with the kernel's name. CUDA then refuses further work in the whole process, on
    device 0 too (CUDA_ERROR_ILLEGAL_ADDRESS: "the process must be terminated and
    relaunched", measured so on the H200 pair), which pyjit reports as a CudaError
    naming the call; the process still exits cleanly."""
    script = tmp_path / "fault1.py"
    script.write_text(textwrap.dedent('''
        import numpy as np
        import pyjit
        from pyjit import cuda

        @cuda.jit
        def wild_write(a):
            a[0] = 1.0

        with cuda.gpus[1]:
            bogus = cuda.from_cuda_array_interface(
                {"shape": (4,), "typestr": "<f4", "data": (0x10, False), "version": 3})
            wild_write[1, 1](bogus)
            try:
                cuda.synchronize()
            except pyjit.CudaError as exc:
                print("CAUGHT", exc)
        with cuda.gpus[0]:
            try:
                cuda.device_array(32, np.float32)
            except pyjit.CudaError as exc:
                print("DEVICE0", exc)
        print("DONE")
    '''))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "CAUGHT" in proc.stdout and "after kernel 'wild_write'" in proc.stdout, proc.stdout
    assert "CUDA_ERROR_ILLEGAL_ADDRESS" in proc.stdout, proc.stdout
    assert "DEVICE0 cuMemAlloc" in proc.stdout and "DONE" in proc.stdout, proc.stdout
