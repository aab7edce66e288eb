// A foreign device function with numba's ABI: int f(T *result, args...).
extern "C" __device__ int add_three(int *result, int x) {
  *result = x + 3;
  return 0;
}
