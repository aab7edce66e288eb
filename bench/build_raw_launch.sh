#!/bin/sh
# Builds build/bench/raw_launch (bench/raw_launch.cpp) for bench/launch.py.
# Needs g++ and the CUDA headers only (libcuda.so.1 is opened at run time), so
# it can be built on a machine without a GPU and carried to one without g++.
# libstdc++ and libgcc are linked statically; glibc is the build machine's.
set -e
cd "$(dirname "$0")/.."
CUDA_HOME="${CUDA_HOME:-/usr/local/cuda}"
mkdir -p build/bench
"${CXX:-g++}" -O2 -std=c++17 -Wall -Wextra -I"$CUDA_HOME/include" \
    -static-libstdc++ -static-libgcc bench/raw_launch.cpp -ldl -o build/bench/raw_launch
echo "built build/bench/raw_launch"
