from pyjit import cuda


@cuda.jit(device=True)
def scale(v):
    return v * 3.0
