// The benchmark kernels of bench/kernels_src.py in CUDA C++, as a CUDA
// programmer writes them: the reference that bench/kernels.py compiles with
// nvcc -O3 and runs beside pyjit. Same algorithms, same launch shapes.
#define TPB 16

extern "C" __global__ void saxpy(float *out, const float *x, const float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * x[i] + y[i];
}

extern "C" __global__ void saxpy_ilp4(float *out, const float *x, const float *y, float a,
                                      int n) {
  int s = blockDim.x;
  int base = blockIdx.x * s * 4 + threadIdx.x;
  if (base + 3 * s < n) {
    float x0 = x[base], x1 = x[base + s], x2 = x[base + 2 * s], x3 = x[base + 3 * s];
    float y0 = y[base], y1 = y[base + s], y2 = y[base + 2 * s], y3 = y[base + 3 * s];
    out[base] = a * x0 + y0;
    out[base + s] = a * x1 + y1;
    out[base + 2 * s] = a * x2 + y2;
    out[base + 3 * s] = a * x3 + y3;
  } else {
    for (int k = 0; k < 4; ++k) {
      int j = base + k * s;
      if (j < n)
        out[j] = a * x[j] + y[j];
    }
  }
}

extern "C" __global__ void stencil(const float *a, float *out, float c0, float c1, int rows,
                                   int cols) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < rows - 1 && j > 0 && j < cols - 1)
    out[i * cols + j] = c0 * a[i * cols + j] + c1 * (a[(i - 1) * cols + j] + a[(i + 1) * cols + j] +
                                                      a[i * cols + j - 1] + a[i * cols + j + 1]);
}

extern "C" __global__ void sgemm(const float *A, const float *B, float *C, int n) {
  __shared__ float sA[TPB][TPB];
  __shared__ float sB[TPB][TPB];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < gridDim.x; ++t) {
    sA[ty][tx] = A[y * n + tx + t * TPB];
    sB[ty][tx] = B[(ty + t * TPB) * n + x];
    __syncthreads();
    for (int k = 0; k < TPB; ++k)
      acc += sA[ty][k] * sB[k][tx];
    __syncthreads();
  }
  C[y * n + x] = acc;
}

extern "C" __global__ void histogram(const unsigned char *data, int *hist, long long n) {
  __shared__ int h[256];
  int t = threadIdx.x;
  for (int b = t; b < 256; b += blockDim.x)
    h[b] = 0;
  __syncthreads();
  for (long long i = blockIdx.x * (long long)blockDim.x + t; i < n;
       i += (long long)gridDim.x * blockDim.x)
    atomicAdd(&h[data[i]], 1);
  __syncthreads();
  for (int b = t; b < 256; b += blockDim.x)
    atomicAdd(&hist[b], h[b]);
}

#define A1 0.31938153f
#define A2 -0.356563782f
#define A3 1.781477937f
#define A4 -1.821255978f
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

__device__ inline float cnd(float d) {
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float ret = RSQRT2PI * expf(-0.5f * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))));
  if (d > 0)
    ret = 1.0f - ret;
  return ret;
}

extern "C" __global__ void black_scholes(float *call, float *put, const float *S, const float *X,
                                         const float *T, float R, float V, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sqrtT = sqrtf(T[i]);
  float d1 = (logf(S[i] / X[i]) + (R + 0.5f * V * V) * T[i]) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float cnd1 = cnd(d1), cnd2 = cnd(d2);
  float expRT = expf(-R * T[i]);
  call[i] = S[i] * cnd1 - X[i] * expRT * cnd2;
  put[i] = X[i] * expRT * (1.0f - cnd2) - S[i] * (1.0f - cnd1);
}

extern "C" __global__ void reduce_sum(const float *x, float *out, long long n) {
  __shared__ float partial[32];
  float acc = 0.0f;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    acc += x[i];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int off = 16; off > 0; off /= 2)
    acc += __shfl_down_sync(0xFFFFFFFFu, acc, off);
  if (lane == 0)
    partial[warp] = acc;
  __syncthreads();
  if (warp == 0) {
    acc = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
    for (int off = 16; off > 0; off /= 2)
      acc += __shfl_down_sync(0xFFFFFFFFu, acc, off);
    if (lane == 0)
      atomicAdd(out, acc);
  }
}

#define TILE 32

extern "C" __global__ void transpose(const float *a, float *out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int bx = blockIdx.x * TILE, by = blockIdx.y * TILE;
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int k = 0; k < TILE; k += blockDim.y) {
    int y = by + ty + k, x = bx + tx;
    if (y < rows && x < cols)
      tile[ty + k][tx] = a[y * cols + x];
  }
  __syncthreads();
  for (int k = 0; k < TILE; k += blockDim.y) {
    int y = bx + ty + k, x = by + tx;
    if (y < cols && x < rows)
      out[y * rows + x] = tile[tx][ty + k];
  }
}

extern "C" __global__ void mandelbrot(int *out, float x0, float y0, float dx, float dy,
                                      int max_iter, int rows, int cols) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < rows && j < cols) {
    float cr = x0 + (float)j * dx, ci = y0 + (float)i * dy;
    float zr = 0.0f, zi = 0.0f;
    int n = 0;
    while (n < max_iter && zr * zr + zi * zi <= 4.0f) {
      float t = zr * zr - zi * zi + cr;
      zi = 2.0f * zr * zi + ci;
      zr = t;
      ++n;
    }
    out[i * cols + j] = n;
  }
}
