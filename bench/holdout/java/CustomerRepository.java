package com.acme.crm.customers;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;

@Repository
public class CustomerRepository {

    public enum SortField {
        NAME("c.last_name"), CREATED("c.created_at"), REVENUE("lifetime_revenue");

        private final String column;

        SortField(String column) {
            this.column = column;
        }

        String column() {
            return column;
        }
    }

    public record Customer(long id, String firstName, String lastName, String email, Instant createdAt) {}

    public record SearchCriteria(String name, String email, String segment, SortField sort, boolean descending,
                                 int limit) {}

    private static final Map<String, String> SEGMENT_CLAUSES = Map.of(
            "vip", "c.tier = 'VIP'",
            "churn-risk", "c.last_order_at < now() - interval '180 days'",
            "new", "c.created_at > now() - interval '30 days'");

    private static final RowMapper<Customer> MAPPER = (rs, i) -> new Customer(
            rs.getLong("id"), rs.getString("first_name"), rs.getString("last_name"), rs.getString("email"),
            rs.getTimestamp("created_at").toInstant());

    private final NamedParameterJdbcTemplate jdbc;

    public CustomerRepository(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Customer> findById(long tenantId, long id) {
        List<Customer> rows = jdbc.query(
                "SELECT id, first_name, last_name, email, created_at FROM customers c WHERE c.tenant_id = :t AND c.id = :id",
                new MapSqlParameterSource().addValue("t", tenantId).addValue("id", id),
                MAPPER);
        return rows.stream().findFirst();
    }

    public List<Customer> search(long tenantId, SearchCriteria criteria) {
        StringBuilder sql = new StringBuilder(
                "SELECT c.id, c.first_name, c.last_name, c.email, c.created_at, "
                        + "coalesce(sum(o.total), 0) AS lifetime_revenue "
                        + "FROM customers c LEFT JOIN orders o ON o.customer_id = c.id "
                        + "WHERE c.tenant_id = :tenant");
        MapSqlParameterSource params = new MapSqlParameterSource("tenant", tenantId);
        List<String> extra = new ArrayList<>();

        if (criteria.name() != null && !criteria.name().isBlank()) {
            extra.add("(c.first_name ILIKE :name OR c.last_name ILIKE :name)");
            params.addValue("name", "%" + criteria.name().trim() + "%");
        }
        if (criteria.email() != null) {
            extra.add("lower(c.email) = lower(:email)");
            params.addValue("email", criteria.email());
        }
        String segmentClause = criteria.segment() == null ? null : SEGMENT_CLAUSES.get(criteria.segment());
        if (segmentClause != null) {
            extra.add(segmentClause);
        }
        for (String clause : extra) {
            sql.append(" AND ").append(clause);
        }
        SortField sort = criteria.sort() == null ? SortField.NAME : criteria.sort();
        sql.append(" GROUP BY c.id ORDER BY ").append(sort.column()).append(criteria.descending() ? " DESC" : " ASC");
        sql.append(" LIMIT :limit");
        params.addValue("limit", Math.max(1, Math.min(criteria.limit(), 500)));

        return jdbc.query(sql.toString(), params, MAPPER);
    }

    public int mergeInto(long tenantId, long survivorId, List<Long> duplicateIds) {
        if (duplicateIds.isEmpty()) {
            return 0;
        }
        MapSqlParameterSource p = new MapSqlParameterSource()
                .addValue("t", tenantId)
                .addValue("survivor", survivorId)
                .addValue("dups", duplicateIds);
        jdbc.update("UPDATE orders SET customer_id = :survivor WHERE customer_id IN (:dups) AND tenant_id = :t", p);
        return jdbc.update("DELETE FROM customers WHERE id IN (:dups) AND tenant_id = :t", p);
    }
}
