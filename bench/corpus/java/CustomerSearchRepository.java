package com.acme.crm.customers;

import java.util.List;
import java.util.Map;

import javax.persistence.EntityManager;
import javax.persistence.PersistenceContext;
import javax.persistence.TypedQuery;
import javax.persistence.criteria.CriteriaBuilder;
import javax.persistence.criteria.CriteriaQuery;
import javax.persistence.criteria.Predicate;
import javax.persistence.criteria.Root;

import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Custom search queries that don't fit Spring Data derived methods.
 */
@Repository
@Transactional(readOnly = true)
public class CustomerSearchRepository {

    private static final Map<String, String> SORT_FIELDS = Map.of(
            "name", "c.lastName",
            "created", "c.createdAt",
            "revenue", "c.lifetimeValue");

    @PersistenceContext
    private EntityManager em;

    public List<Customer> findByCompany(String company, String sort) {
        String orderBy = SORT_FIELDS.getOrDefault(sort, "c.lastName");
        String jpql = "SELECT c FROM Customer c WHERE c.company = '" + company + "' ORDER BY " + orderBy;
        // expect: CWE-89
        return em.createQuery(jpql, Customer.class).getResultList();
    }

    public List<Customer> findByCompanyName(String company, String sort) {
        String orderBy = SORT_FIELDS.getOrDefault(sort, "c.lastName");
        return em.createQuery("SELECT c FROM Customer c WHERE c.company = :company ORDER BY " + orderBy, Customer.class)
                .setParameter("company", company)
                .getResultList();
    }

    public List<Customer> search(CustomerFilter filter) {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<Customer> q = cb.createQuery(Customer.class);
        Root<Customer> c = q.from(Customer.class);
        Predicate p = cb.conjunction();
        if (filter.getCountry() != null) {
            p = cb.and(p, cb.equal(c.get("country"), filter.getCountry()));
        }
        if (filter.getNameLike() != null) {
            p = cb.and(p, cb.like(cb.lower(c.get("lastName")), "%" + filter.getNameLike().toLowerCase() + "%"));
        }
        TypedQuery<Customer> tq = em.createQuery(q.where(p));
        return tq.setMaxResults(200).getResultList();
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> revenueByTag(String tag, String currency) {
        String sql = "SELECT c.id, c.last_name, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id "
                + "WHERE o.currency = '" + currency + "' AND c.id IN (SELECT customer_id FROM customer_tags WHERE tag = '" + tag + "') "
                + "GROUP BY c.id, c.last_name";
        // expect: CWE-89
        return em.createNativeQuery(sql).getResultList();
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> revenueByTagAndCurrency(String tag, String currency) {
        return em.createNativeQuery(
                "SELECT c.id, c.last_name, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id "
                        + "WHERE o.currency = ?1 AND c.id IN (SELECT customer_id FROM customer_tags WHERE tag = ?2) "
                        + "GROUP BY c.id, c.last_name")
                .setParameter(1, currency)
                .setParameter(2, tag)
                .getResultList();
    }

    @Transactional
    public int archiveInactive(String region, int days) {
        String hql = String.format("UPDATE Customer c SET c.archived = true WHERE c.region = '%s' AND c.inactiveDays > %d", region, days);
        // expect: CWE-89
        return em.createQuery(hql).executeUpdate();
    }
}
