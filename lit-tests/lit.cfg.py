# lit configuration: kernel files (*.py) are the tests; pyjitc compiles them.
import os
import lit.formats

config.name = "pyjit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pyjit_obj_root, "lit-tests")

config.substitutions.append(("%pyjitc", config.pyjitc))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%ptxas", config.ptxas or "false"))
# For tests that put a directory of their own before it (lit's shell does not
# expand $PYTHONPATH).
config.substitutions.append(("%pyjit_pythonpath", config.pyjit_pythonpath))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.environ.get("PATH", "")])
# pyjitc's embedded Python imports the kernel file, which imports pyjit:
# use the package from the build tree.
config.environment["PYTHONPATH"] = os.pathsep.join(
    [config.pyjit_pythonpath, os.environ.get("PYTHONPATH", "")])
for var in ("VIRTUAL_ENV", "HOME", "PYJIT_LIBDEVICE", "CUDA_HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
if config.ptxas:
    config.available_features.add("ptxas")
    # NVRTC (for link= .cu files) sits beside ptxas in the toolkit.
    cuda_root = os.path.dirname(os.path.dirname(config.ptxas))
    if any(os.path.exists(os.path.join(cuda_root, lib, "libnvrtc.so.13"))
           for lib in ("lib64", "lib")):
        config.available_features.add("nvrtc")
