package edu.riverbend.library.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
@Transactional(readOnly = true)
public class LibraryCatalogRepository {

    private static final Map<String, String> SORT_COLUMNS = Map.of(
            "title", "b.title",
            "author", "b.author_sort",
            "year", "b.published_year");

    @PersistenceContext
    private EntityManager em;

    private final NamedParameterJdbcTemplate jdbc;
    private final HoldingsMapper holdingsMapper;

    public LibraryCatalogRepository(NamedParameterJdbcTemplate jdbc, HoldingsMapper holdingsMapper) {
        this.jdbc = jdbc;
        this.holdingsMapper = holdingsMapper;
    }

    public Optional<Book> findByIsbn(String isbn) {
        TypedQuery<Book> q = em.createQuery("SELECT b FROM Book b WHERE b.isbn = :isbn", Book.class);
        q.setParameter("isbn", isbn);
        return q.getResultStream().findFirst();
    }

    public List<Book> searchTitles(String fragment, String subject, int page) {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<Book> cq = cb.createQuery(Book.class);
        Root<Book> book = cq.from(Book.class);
        Predicate byTitle = cb.like(cb.lower(book.get("title")), "%" + fragment.toLowerCase() + "%");
        Predicate predicate = subject == null ? byTitle : cb.and(byTitle, cb.equal(book.get("subject"), subject));
        cq.select(book).where(predicate).orderBy(cb.asc(book.get("title")));
        return em.createQuery(cq).setFirstResult(Math.max(page, 0) * 25).setMaxResults(25).getResultList();
    }

    public List<Map<String, Object>> browse(String branchCode, String sortKey, boolean descending) {
        String orderBy = SORT_COLUMNS.getOrDefault(sortKey, "b.title");
        String direction = descending ? "DESC" : "ASC";
        String sql = "SELECT b.id, b.title, b.author_sort, b.published_year FROM books b "
                + "JOIN copies c ON c.book_id = b.id WHERE c.branch_code = :branch "
                + "ORDER BY " + orderBy + " " + direction;
        return jdbc.queryForList(sql, new MapSqlParameterSource("branch", branchCode));
    }

    public int countOverdue(String patronId) {
        Integer n = jdbc.queryForObject(
                "SELECT count(*) FROM loans WHERE patron_id = :patron AND due_at < now() AND returned_at IS NULL",
                new MapSqlParameterSource("patron", patronId), Integer.class);
        return n == null ? 0 : n;
    }

    public List<Holding> holdingsFor(String isbn, String branch) {
        return holdingsMapper.findHoldings(isbn, branch);
    }

    @Mapper
    public interface HoldingsMapper {
        @Select("SELECT c.barcode, c.shelf_mark, c.status FROM copies c JOIN books b ON b.id = c.book_id "
                + "WHERE b.isbn = #{isbn} AND c.branch_code = #{branch}")
        List<Holding> findHoldings(@Param("isbn") String isbn, @Param("branch") String branch);
    }
}
