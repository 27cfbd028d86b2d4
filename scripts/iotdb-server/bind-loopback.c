/*
 * LD_PRELOAD shim: IoTDB 2.0.x binds its Thrift and Ratis server sockets to the
 * wildcard address whatever its *_address settings say. This bind() rewrites a
 * wildcard TCP bind to loopback so a test server is never reachable from outside:
 *   AF_INET  0.0.0.0 -> 127.0.0.1
 *   AF_INET6 ::      -> ::ffff:127.0.0.1 on dual-stack sockets (Java's default),
 *                       ::1 on IPv6-only sockets.
 * Every other bind (UDP, Unix sockets, specific addresses) passes through untouched.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);

static int is_tcp(int fd) {
  int type = 0;
  socklen_t len = sizeof(type);
  return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_STREAM;
}

static int is_v6_only(int fd) {
  int v6only = 0;
  socklen_t len = sizeof(v6only);
  return getsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, &len) == 0 && v6only;
}

int bind(int fd, const struct sockaddr *addr, socklen_t addrlen) {
  static bind_fn real_bind;
  if (!real_bind) real_bind = (bind_fn)dlsym(RTLD_NEXT, "bind");

  if (addr && addr->sa_family == AF_INET && addrlen >= (socklen_t)sizeof(struct sockaddr_in)) {
    struct sockaddr_in v4;
    memcpy(&v4, addr, sizeof(v4));
    if (v4.sin_addr.s_addr == htonl(INADDR_ANY) && is_tcp(fd)) {
      v4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      return real_bind(fd, (const struct sockaddr *)&v4, sizeof(v4));
    }
  } else if (addr && addr->sa_family == AF_INET6 &&
             addrlen >= (socklen_t)sizeof(struct sockaddr_in6)) {
    struct sockaddr_in6 v6;
    memcpy(&v6, addr, sizeof(v6));
    if (IN6_IS_ADDR_UNSPECIFIED(&v6.sin6_addr) && is_tcp(fd)) {
      if (is_v6_only(fd)) {
        v6.sin6_addr = in6addr_loopback;
      } else {
        static const unsigned char mapped_loopback[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                                          0, 0, 0xff, 0xff, 127, 0, 0, 1};
        memcpy(&v6.sin6_addr, mapped_loopback, sizeof(mapped_loopback));
      }
      return real_bind(fd, (const struct sockaddr *)&v6, sizeof(v6));
    }
  }
  return real_bind(fd, addr, addrlen);
}
