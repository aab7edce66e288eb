import numpy as np
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack
import pytest


@pytest.fixture
def initialize_from_pytest_config(request):
    yield
