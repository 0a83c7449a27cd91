import { parseWrk } from '../bench/load';

// wrk's own output (4.1.0, `--latency`), as printed on the development machine.
const placement = `Running 1s test @ http://127.0.0.1:8778/traits?name=in:HW_CPU_X86_AVX
  2 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    13.51ms    6.74ms 111.91ms   95.57%
    Req/Sec   381.10     62.02   444.00     75.00%
  Latency Distribution
     50%   11.90ms
     75%   13.54ms
     90%   17.70ms
     99%   23.68ms
  760 requests in 1.00s, 227.11KB read
Requests/sec:    757.93
Transfer/sec:    226.49KB
`;

const notFound = `  Latency Distribution
     50%  334.00us
     75%  504.00us
     90%  550.00us
     99%    1.41s
  5092 requests in 1.00s, 2.25MB read
  Socket errors: connect 0, read 7, write 1, timeout 2
  Non-2xx or 3xx responses: 5092
Requests/sec:   5090.03
Transfer/sec:      2.25MB
`;

describe('the bench read wrk', () => {
  it('takes requests/s, the request count and the median and 99th percentile in milliseconds', () => {
    expect(parseWrk(placement)).toEqual({
      perSecond: 757.93,
      total: 760,
      p50Ms: 11.9,
      p99Ms: 23.68,
      failures: 0,
    });
  });

  it('converts microseconds and seconds, and counts non-2xx answers and socket errors as failures', () => {
    expect(parseWrk(notFound)).toEqual({
      perSecond: 5090.03,
      total: 5092,
      p50Ms: 0.33,
      p99Ms: 1410,
      failures: 5092 + 7 + 1 + 2,
    });
  });
});
