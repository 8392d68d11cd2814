"""Data-access layer for customers (SQLAlchemy 2.x, Core + ORM)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from sqlalchemy import Select, String, column, func, select, table, text, update
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class Customer(Base):
    __tablename__ = "customers"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(255), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    country: Mapped[str] = mapped_column(String(2))
    tier: Mapped[str] = mapped_column(String(20), default="standard")


SORT_COLUMNS = {
    "name": Customer.name,
    "email": Customer.email,
    "country": Customer.country,
}


@dataclass
class CustomerFilter:
    search: Optional[str] = None
    country: Optional[str] = None
    tiers: Sequence[str] = ()
    sort: str = "name"
    descending: bool = False
    limit: int = 50


class CustomerRepository:
    def __init__(self, session: Session):
        self.session = session

    def get(self, customer_id: int) -> Optional[Customer]:
        return self.session.get(Customer, customer_id)

    def by_email(self, email: str) -> Optional[Customer]:
        stmt = select(Customer).where(func.lower(Customer.email) == email.lower())
        return self.session.scalars(stmt).first()

    def _filtered(self, f: CustomerFilter) -> Select:
        stmt = select(Customer)
        if f.search:
            pattern = f"%{f.search}%"
            stmt = stmt.where(Customer.name.ilike(pattern) | Customer.email.ilike(pattern))
        if f.country:
            stmt = stmt.where(Customer.country == f.country.upper())
        if f.tiers:
            stmt = stmt.where(Customer.tier.in_(list(f.tiers)))
        col = SORT_COLUMNS.get(f.sort, Customer.name)
        stmt = stmt.order_by(col.desc() if f.descending else col.asc())
        return stmt.limit(min(max(f.limit, 1), 500))

    def search(self, f: CustomerFilter) -> list[Customer]:
        return list(self.session.scalars(self._filtered(f)))

    def count_by_country(self) -> dict[str, int]:
        rows = self.session.execute(
            select(Customer.country, func.count()).group_by(Customer.country)
        )
        return {country: n for country, n in rows}

    def lifetime_value(self, customer_id: int, currency: str = "EUR") -> float:
        sql = text(
            "SELECT COALESCE(SUM(total), 0) FROM orders "
            "WHERE customer_id = :cid AND currency = :currency AND status = 'paid'"
        )
        return float(self.session.execute(sql, {"cid": customer_id, "currency": currency}).scalar_one())

    def promote(self, customer_ids: Iterable[int], tier: str) -> int:
        stmt = update(Customer).where(Customer.id.in_(list(customer_ids))).values(tier=tier)
        return self.session.execute(stmt).rowcount

    def export_rows(self, country: str):
        legacy = table("legacy_customers", column("id"), column("email"), column("country"))
        stmt = select(legacy.c.id, legacy.c.email).where(legacy.c.country == country)
        return self.session.execute(stmt).all()

    def find_by_name_prefix(self, prefix: str) -> list[Customer]:
        stmt = (
            select(Customer)
            .from_statement(text("SELECT * FROM customers WHERE name LIKE :p || '%' ORDER BY name"))
        )
        return list(self.session.scalars(stmt, {"p": prefix}))
