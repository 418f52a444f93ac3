#include "frame_checksum.h"

#include <stddef.h>

#define PROTOCOL_TCP 6
#define PROTOCOL_UDP 17

static uint32_t sum_bytes(const uint8_t *bytes, size_t length, uint32_t sum) {
  for (size_t index = 0; index + 1 < length; index += 2) sum += (uint32_t)(bytes[index] << 8 | bytes[index + 1]);
  if (length & 1) sum += (uint32_t)bytes[length - 1] << 8;
  return sum;
}

static uint16_t fold(uint32_t sum) {
  while (sum >> 16) sum = (sum & 0xffff) + (sum >> 16);
  return (uint16_t)~sum;
}

/* `pseudo` is the pseudo-header's sum; the segment is `l4` of `l4_length` bytes. */
static void write_checksum(uint8_t *l4, uint32_t l4_length, int protocol, uint32_t pseudo) {
  size_t at = protocol == PROTOCOL_TCP ? 16 : 6;
  if (l4_length < at + 2) return;
  l4[at] = 0;
  l4[at + 1] = 0;
  uint16_t checksum = fold(sum_bytes(l4, l4_length, pseudo));
  /* UDP says "no checksum" with 0: a computed 0 is sent as all ones. */
  if (protocol == PROTOCOL_UDP && checksum == 0) checksum = 0xffff;
  l4[at] = (uint8_t)(checksum >> 8);
  l4[at + 1] = (uint8_t)checksum;
}

void complete_l4_checksum(uint8_t *frame, uint32_t length) {
  uint32_t at = 12;
  uint16_t ethertype;
  for (;;) {
    if (length < at + 2) return;
    ethertype = (uint16_t)(frame[at] << 8 | frame[at + 1]);
    if (ethertype != 0x8100 && ethertype != 0x88a8 && ethertype != 0x9100) break;
    at += 4;
  }
  uint8_t *l3 = frame + at + 2;
  uint32_t available = length - at - 2;
  if (ethertype == 0x0800) {
    if (available < 20) return;
    uint32_t header = (uint32_t)(l3[0] & 0x0f) * 4;
    uint32_t total = (uint32_t)(l3[2] << 8 | l3[3]);
    int protocol = l3[9];
    /* Fragments carry no partial checksum. */
    if ((l3[6] & 0x3f) != 0 || l3[7] != 0) return;
    if (header < 20 || total > available || total <= header || (protocol != PROTOCOL_TCP && protocol != PROTOCOL_UDP)) return;
    uint32_t l4_length = total - header;
    uint32_t pseudo = sum_bytes(l3 + 12, 8, 0) + (uint32_t)protocol + l4_length;
    write_checksum(l3 + header, l4_length, protocol, pseudo);
  } else if (ethertype == 0x86dd) {
    if (available < 40) return;
    uint32_t payload = (uint32_t)(l3[4] << 8 | l3[5]);
    int protocol = l3[6];
    /* Extension headers are not followed: a partial checksum behind one is left as it came. */
    if (payload + 40 > available || (protocol != PROTOCOL_TCP && protocol != PROTOCOL_UDP)) return;
    uint32_t pseudo = sum_bytes(l3 + 8, 32, 0) + (payload >> 16) + (payload & 0xffff) + (uint32_t)protocol;
    write_checksum(l3 + 40, payload, protocol, pseudo);
  }
}
