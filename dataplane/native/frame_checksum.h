/*
 * Completes the TCP or UDP checksum of an Ethernet frame whose sender left it to a NIC
 * (CHECKSUM_PARTIAL): a veth or bridge peer on the same host with TX checksum offload on hands
 * an AF_PACKET reader frames whose L4 checksum holds only the pseudo-header's part. Forwarded
 * as they are, the lab would drop them as corrupt.
 */
#ifndef FRAME_CHECKSUM_H
#define FRAME_CHECKSUM_H

#include <stdint.h>

/* Recomputes the checksum of an IPv4 or IPv6 TCP or UDP frame (VLAN tags skipped) in place; anything else is left alone. */
void complete_l4_checksum(uint8_t *frame, uint32_t length);

#endif
