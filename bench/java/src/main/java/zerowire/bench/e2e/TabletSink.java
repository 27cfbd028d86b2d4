package zerowire.bench.e2e;

import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.isession.ITableSession;
import org.apache.iotdb.isession.pool.ITableSessionPool;
import org.apache.iotdb.session.Session;
import org.apache.iotdb.session.pool.SessionPool;
import org.apache.iotdb.session.pool.TableSessionPoolBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.write.record.Tablet;

/**
 * Where a workload's tablets go: the official client's session pool for the model (SessionPool
 * for tree and aligned, TableSessionPool for table) with POOL_MAX_SIZE sessions, or one session
 * of its own (device-session binding). insert is safe to call from every client thread at once
 * on a pool sink.
 */
interface TabletSink extends AutoCloseable {
  void insert(Tablet tablet) throws Exception;

  /** Every tablet in one request (tree model: insertTablets / insertAlignedTablets). */
  void insertAll(List<Tablet> tablets) throws Exception;

  /** insertRecords with typed values (the tree pool only; the session's default auto-conversion applies). */
  default void insertRecords(
      List<String> deviceIds, List<Long> times, List<List<String>> measurements, List<List<TSDataType>> types, List<List<Object>> values)
      throws Exception {
    throw new UnsupportedOperationException("insertRecords: only the tree model's pool sends records");
  }

  /** One row as insertRecord with typed values (the tree pool only). */
  default void insertRecord(String deviceId, long time, List<String> measurements, List<TSDataType> types, List<Object> values) throws Exception {
    throw new UnsupportedOperationException("insertRecord: only the tree model's pool sends records");
  }

  @Override
  void close() throws Exception;

  static TabletSink openPool(Endpoint e, WriteWorkload w) {
    switch (w.model) {
      case "tree":
      case "aligned":
        return treePool(e, w);
      case "table":
        return tablePool(e, w);
      default:
        throw new IllegalArgumentException("unknown model " + w.model);
    }
  }

  /**
   * A sink on one session of its own, open until closed: a plain Session (the tree SessionPool
   * lends none) or a session taken from the table pool.
   */
  static TabletSink bound(Endpoint e, WriteWorkload w, TabletSink pool) throws Exception {
    if (pool instanceof TablePoolSink) {
      ITableSession session = ((TablePoolSink) pool).pool.getSession();
      return new TabletSink() {
        @Override
        public void insert(Tablet tablet) throws Exception {
          session.insert(tablet);
        }

        @Override
        public void insertAll(List<Tablet> tablets) {
          throw new UnsupportedOperationException("the table model has no multi-tablet insert");
        }

        @Override
        public void close() throws Exception {
          session.close(); // back to the pool
        }
      };
    }
    Session.Builder builder = new Session.Builder().username(e.user).password(e.password).zoneId(ZoneId.of("UTC"));
    Session session = (w.nodeUrls != null ? builder.nodeUrls(w.nodeUrls) : builder.host(e.host).port(e.port)).build();
    session.open(false);
    boolean aligned = w.model.equals("aligned");
    return new TabletSink() {
      @Override
      public void insert(Tablet tablet) throws Exception {
        if (aligned) session.insertAlignedTablet(tablet);
        else session.insertTablet(tablet);
      }

      @Override
      public void insertAll(List<Tablet> tablets) throws Exception {
        if (aligned) session.insertAlignedTablets(byDevice(tablets));
        else session.insertTablets(byDevice(tablets));
      }

      @Override
      public void close() throws Exception {
        session.close();
      }
    };
  }

  private static TabletSink treePool(Endpoint e, WriteWorkload w) {
    SessionPool.Builder builder = new SessionPool.Builder().user(e.user).password(e.password).zoneId(ZoneId.of("UTC"));
    if (w.poolMaxSize > 0) builder.maxSize(w.poolMaxSize).waitToGetSessionTimeoutInMs(w.poolWaitTimeoutMs);
    SessionPool pool = (w.nodeUrls != null ? builder.nodeUrls(w.nodeUrls) : builder.host(e.host).port(e.port)).build();
    boolean aligned = w.model.equals("aligned");
    return new TabletSink() {
      @Override
      public void insert(Tablet tablet) throws Exception {
        if (aligned) pool.insertAlignedTablet(tablet);
        else pool.insertTablet(tablet);
      }

      @Override
      public void insertAll(List<Tablet> tablets) throws Exception {
        if (aligned) pool.insertAlignedTablets(byDevice(tablets));
        else pool.insertTablets(byDevice(tablets));
      }

      @Override
      public void insertRecords(
          List<String> deviceIds, List<Long> times, List<List<String>> measurements, List<List<TSDataType>> types, List<List<Object>> values)
          throws Exception {
        if (aligned) pool.insertAlignedRecords(deviceIds, times, measurements, types, values);
        else pool.insertRecords(deviceIds, times, measurements, types, values);
      }

      @Override
      public void insertRecord(String deviceId, long time, List<String> measurements, List<TSDataType> types, List<Object> values) throws Exception {
        if (aligned) pool.insertAlignedRecord(deviceId, time, measurements, types, values);
        else pool.insertRecord(deviceId, time, measurements, types, values);
      }

      @Override
      public void close() {
        pool.close();
      }
    };
  }

  private static TabletSink tablePool(Endpoint e, WriteWorkload w) {
    TableSessionPoolBuilder builder =
        new TableSessionPoolBuilder()
            .nodeUrls(w.nodeUrls != null ? w.nodeUrls : List.of(e.host + ":" + e.port))
            .user(e.user)
            .password(e.password)
            .database(w.database)
            .zoneId(ZoneId.of("UTC"));
    if (w.poolMaxSize > 0) builder.maxSize(w.poolMaxSize).waitToGetSessionTimeoutInMs(w.poolWaitTimeoutMs);
    return new TablePoolSink(builder.build());
  }

  private static Map<String, Tablet> byDevice(List<Tablet> tablets) {
    Map<String, Tablet> map = new LinkedHashMap<>();
    for (Tablet t : tablets) map.put(t.getDeviceId(), t);
    return map;
  }

  /** The table pool: a session taken per insert and given back. */
  final class TablePoolSink implements TabletSink {
    final ITableSessionPool pool;

    TablePoolSink(ITableSessionPool pool) {
      this.pool = pool;
    }

    @Override
    public void insert(Tablet tablet) throws Exception {
      // A pooled table session goes back to the pool on close().
      try (ITableSession session = pool.getSession()) {
        session.insert(tablet);
      }
    }

    @Override
    public void insertAll(List<Tablet> tablets) {
      throw new UnsupportedOperationException("the table model has no multi-tablet insert");
    }

    @Override
    public void close() {
      pool.close();
    }
  }

  /** Where and as whom to connect (host and port when no node URLs are given). */
  final class Endpoint {
    final String host;
    final int port;
    final String user;
    final String password;

    Endpoint(String host, int port, String user, String password) {
      this.host = host;
      this.port = port;
      this.user = user;
      this.password = password;
    }
  }
}
