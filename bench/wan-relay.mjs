// A TCP relay that gives loopback the shape of an internet link (bench/wan.mjs; this machine has no netem,
// and `tc tbf` alone, which works in a namespace, limits the rate but adds no latency):
//
// - each direction goes through a token bucket of RATE bits/s (bucket BURST bytes), then a delay line of
//   DELAY ms: a byte leaves the bucket no sooner than the rate allows and arrives DELAY ms after that.
// - a new connection's first client bytes arrive no sooner than one round trip plus DELAY after it was
//   accepted: the SYN / SYN-ACK exchange that loopback makes free but a real link charges for.
// - memory is bounded: a direction holds at most QUEUE bytes (the link's bandwidth-delay product and a
//   router's buffer); past it the relay stops reading its source, so the sender's own socket fills and it
//   waits, as over TCP. A destination that does not take what is written pauses the direction until 'drain'.
//
// What it does not model: TCP's slow start and loss (the relay's link is full from the first byte; a real
// path would add a few round trips to the first hundred kilobytes of every new connection, on both sides of
// a comparison alike).
//
// Run with `fork()`: argv `<listenPort> <targetHost> <targetPort>`, env WAN_RATE_BPS (20e6), WAN_DELAY_MS
// (20, one way), WAN_BURST_BYTES (16 KiB), WAN_QUEUE_BYTES (256 KiB). It sends {listening: port} once it
// listens, answers 'stats' with {stats}: the bytes each way, the connections and the time of the last byte
// towards the client since the last 'reset'.
import net from 'node:net';

const [listenPort, targetHost, targetPort] = process.argv.slice(2);
const RATE = Number(process.env.WAN_RATE_BPS || 20e6) / 8; // bytes per second
const DELAY = Number(process.env.WAN_DELAY_MS ?? 20);
const BURST = Number(process.env.WAN_BURST_BYTES || 16 * 1024);
const QUEUE = Number(process.env.WAN_QUEUE_BYTES || 256 * 1024);
// Chunks are cut to about a TCP segment so the bucket paces them as a link would, not 64 KB at a time.
const SEGMENT = 1448;

// lastDown: when the last byte towards the client was written (epoch ms, to set against the client's clock).
let stats = { up: 0, down: 0, connections: 0, lastDown: 0 };

/**
 * One direction of one connection: `source` bytes are paced, delayed and written to `sink`. `notBefore` is
 * the earliest arrival of its first byte (the handshake's round trip for the client's side); `counter` names
 * the stats field its bytes go to.
 */
function direction(source, sink, counter, notBefore = 0) {
  const queue = []; // {chunk, at}: in arrival order, which is departure order plus a constant
  let queued = 0;
  let nextFree = 0; // when the bucket lets the next byte out (ms, performance.now())
  let timer = null;
  let sinkBlocked = false;
  let ended = false;

  const schedule = () => {
    if (timer || sinkBlocked || !queue.length) return;
    timer = setTimeout(flush, Math.max(0, queue[0].at - performance.now()));
  };
  const flush = () => {
    timer = null;
    const now = performance.now();
    const ready = [];
    // Every segment whose time has come goes in one write: fewer system calls, the same arrival times
    // to the millisecond the timer has anyway.
    while (queue.length && queue[0].at <= now) ready.push(queue.shift().chunk);
    if (ready.length) {
      const bytes = ready.reduce((n, c) => n + c.length, 0);
      queued -= bytes;
      stats[counter] += bytes;
      if (!sink.destroyed && !sink.write(ready.length === 1 ? ready[0] : Buffer.concat(ready))) {
        sinkBlocked = true;
        sink.once('drain', () => {
          sinkBlocked = false;
          schedule();
        });
      }
      if (counter === 'down') stats.lastDown = performance.timeOrigin + performance.now();
    }
    if (queued < QUEUE / 2 && source.isPaused() && !source.destroyed) source.resume();
    if (!queue.length && ended && !sink.destroyed) sink.end();
    schedule();
  };

  source.on('data', (data) => {
    const now = performance.now();
    for (let offset = 0; offset < data.length; offset += SEGMENT) {
      const chunk = data.subarray(offset, offset + SEGMENT);
      // Token bucket as a virtual clock: an idle link may owe at most BURST bytes' worth of time.
      nextFree = Math.max(nextFree, now - (BURST / RATE) * 1000) + (chunk.length / RATE) * 1000;
      const at = Math.max(Math.max(nextFree, now) + DELAY, notBefore);
      queue.push({ chunk, at });
      queued += chunk.length;
    }
    if (queued >= QUEUE) source.pause();
    schedule();
  });
  source.on('end', () => {
    ended = true;
    if (!queue.length && !sink.destroyed) sink.end();
  });
  return () => clearTimeout(timer);
}

const server = net.createServer({ noDelay: true, allowHalfOpen: true }, (client) => {
  stats.connections++;
  const acceptedAt = performance.now();
  const target = net.connect({ host: targetHost, port: Number(targetPort), noDelay: true, allowHalfOpen: true });
  const stops = [direction(client, target, 'up', acceptedAt + 3 * DELAY), direction(target, client, 'down')];
  const close = () => {
    stops.forEach((stop) => stop());
    client.destroy();
    target.destroy();
  };
  client.on('error', close);
  target.on('error', close);
  // Half-open sockets, so that a client's half-close reaches the server as one and the answer still comes
  // back; whichever side closes last ends the pair.
  let closed = 0;
  const onClose = () => ++closed === 2 && close();
  client.on('close', onClose);
  target.on('close', onClose);
});

server.listen(Number(listenPort), '127.0.0.1', () => process.send?.({ listening: server.address().port }));
process.on('message', (message) => {
  if (message === 'stats') process.send({ stats: { ...stats } });
  else if (message === 'reset') {
    stats = { up: 0, down: 0, connections: 0, lastDown: 0 };
    process.send({ reset: true });
  }
});
// The bench's end (or its crash) ends the relay: nothing of it outlives the parent.
process.on('disconnect', () => process.exit(0));
