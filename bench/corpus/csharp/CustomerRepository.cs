using MongoDB.Bson;
using MongoDB.Driver;

namespace Crm.Data;

public class Customer
{
    public ObjectId Id { get; set; }
    public string Email { get; set; } = "";
    public string Name { get; set; } = "";
    public string Region { get; set; } = "";
    public string Tier { get; set; } = "standard";
    public decimal LifetimeValue { get; set; }
    public List<string> Tags { get; set; } = new();
}

/// <summary>
/// Customer queries for the CRM API. Filter values come straight from the
/// query string of the /api/customers endpoints.
/// </summary>
public class CustomerRepository
{
    private readonly IMongoCollection<Customer> _customers;

    public CustomerRepository(IMongoDatabase db)
    {
        _customers = db.GetCollection<Customer>("customers");
    }

    public Task<Customer?> FindByEmailAsync(string email)
    {
        var filter = Builders<Customer>.Filter.Eq(c => c.Email, email);
        return _customers.Find(filter).FirstOrDefaultAsync()!;
    }

    public async Task<List<Customer>> ByRegionAsync(string region, string tier)
    {
        var json = "{ Region: '" + region + "', Tier: '" + tier + "' }";
        // expect: CWE-943
        var filter = new BsonDocumentFilterDefinition<Customer>(BsonDocument.Parse(json));
        return await _customers.Find(filter).Limit(200).ToListAsync();
    }

    public async Task<List<Customer>> HighValueAsync(string minValue)
    {
        // expect: CWE-943
        var filter = new JsonFilterDefinition<Customer>("{ $where: 'this.LifetimeValue > " + minValue + "' }");
        return await _customers.Find(filter).SortByDescending(c => c.LifetimeValue).Limit(100).ToListAsync();
    }

    public async Task<List<Customer>> WithTagAsync(string tag)
    {
        var filter = Builders<Customer>.Filter.AnyEq(c => c.Tags, tag);
        return await _customers.Find(filter).Limit(200).ToListAsync();
    }

    public async Task<List<Customer>> SearchNameAsync(string text)
    {
        var pattern = new BsonRegularExpression(System.Text.RegularExpressions.Regex.Escape(text), "i");
        var filter = Builders<Customer>.Filter.Regex(c => c.Name, pattern);
        return await _customers.Find(filter).Limit(50).ToListAsync();
    }

    public async Task<long> CountByTierAsync(string tier)
    {
        var filter = new BsonDocument("Tier", new BsonString(tier));
        return await _customers.CountDocumentsAsync(filter);
    }

    public async Task<List<BsonDocument>> SegmentAsync(string groupField)
    {
        // expect: CWE-943
        var pipeline = new[] { BsonDocument.Parse("{ $group: { _id: '$" + groupField + "', total: { $sum: '$LifetimeValue' } } }") };
        return await _customers.Aggregate<BsonDocument>(pipeline).ToListAsync();
    }
}
