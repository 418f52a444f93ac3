{
  "targets": [
    {
      "target_name": "udp_batch",
      "sources": ["udp_batch.c", "port_reading.c", "frame_sending.c", "delay_line.c", "forwarding_threads.c", "device_ports.c", "frame_checksum.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"]
    }
  ]
}
