import numpy as np
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack
