/** The demo's SIC codes: the common industries of each division of the 1987 SIC manual, one "code title" a line. */
export const SIC_CODE_LINES = `
0111 Wheat
0115 Corn
0116 Soybeans
0131 Cotton
0161 Vegetables and Melons
0172 Grapes
0175 Deciduous Tree Fruits
0181 Ornamental Floriculture and Nursery Products
0211 Beef Cattle Feedlots
0212 Beef Cattle, Except Feedlots
0241 Dairy Farms
0251 Broiler, Fryer, and Roaster Chickens
0711 Soil Preparation Services
0741 Veterinary Services for Livestock
0742 Veterinary Services for Animal Specialties
0781 Landscape Counseling and Planning
0782 Lawn and Garden Services
0811 Timber Tracts
0912 Finfish
1011 Iron Ores
1041 Gold Ores
1221 Bituminous Coal and Lignite Surface Mining
1311 Crude Petroleum and Natural Gas
1381 Drilling Oil and Gas Wells
1382 Oil and Gas Field Exploration Services
1389 Oil and Gas Field Services, Not Elsewhere Classified
1422 Crushed and Broken Limestone
1442 Construction Sand and Gravel
1521 General Contractors-Single-Family Houses
1522 General Contractors-Residential Buildings, Other Than Single-Family
1531 Operative Builders
1541 General Contractors-Industrial Buildings and Warehouses
1542 General Contractors-Nonresidential Buildings, Other than Industrial Buildings and Warehouses
1611 Highway and Street Construction, Except Elevated Highways
1622 Bridge, Tunnel, and Elevated Highway Construction
1623 Water, Sewer, Pipeline, and Communications and Power Line Construction
1711 Plumbing, Heating and Air-Conditioning
1721 Painting and Paper Hanging
1731 Electrical Work
1741 Masonry, Stone Setting, and Other Stone Work
1761 Roofing, Siding, and Sheet Metal Work
1771 Concrete Work
1794 Excavation Work
1799 Special Trade Contractors, Not Elsewhere Classified
2011 Meat Packing Plants
2015 Poultry Slaughtering and Processing
2024 Ice Cream and Frozen Desserts
2026 Fluid Milk
2032 Canned Specialties
2041 Flour and Other Grain Mill Products
2051 Bread and Other Bakery Products, Except Cookies and Crackers
2066 Chocolate and Cocoa Products
2082 Malt Beverages
2084 Wines, Brandy, and Brandy Spirits
2086 Bottled and Canned Soft Drinks and Carbonated Waters
2099 Food Preparations, Not Elsewhere Classified
2111 Cigarettes
2211 Broadwoven Fabric Mills, Cotton
2273 Carpets and Rugs
2311 Men's and Boys' Suits, Coats, and Overcoats
2421 Sawmills and Planing Mills, General
2434 Wood Kitchen Cabinets
2452 Prefabricated Wood Buildings and Components
2511 Wood Household Furniture, Except Upholstered
2522 Office Furniture, Except Wood
2621 Paper Mills
2653 Corrugated and Solid Fiber Boxes
2711 Newspapers: Publishing, or Publishing and Printing
2721 Periodicals: Publishing, or Publishing and Printing
2731 Books: Publishing, or Publishing and Printing
2752 Commercial Printing, Lithographic
2812 Alkalies and Chlorine
2821 Plastics Materials, Synthetic Resins, and Nonvulcanizable Elastomers
2834 Pharmaceutical Preparations
2835 In Vitro and In Vivo Diagnostic Substances
2836 Biological Products, Except Diagnostic Substances
2844 Perfumes, Cosmetics, and Other Toilet Preparations
2851 Paints, Varnishes, Lacquers, Enamels, and Allied Products
2869 Industrial Organic Chemicals, Not Elsewhere Classified
2873 Nitrogenous Fertilizers
2911 Petroleum Refining
3011 Tires and Inner Tubes
3089 Plastics Products, Not Elsewhere Classified
3221 Glass Containers
3241 Cement, Hydraulic
3272 Concrete Products, Except Block and Brick
3312 Steel Works, Blast Furnaces, and Rolling Mills
3334 Primary Production of Aluminum
3357 Drawing and Insulating of Nonferrous Wire
3411 Metal Cans
3441 Fabricated Structural Metal
3469 Metal Stampings, Not Elsewhere Classified
3499 Fabricated Metal Products, Not Elsewhere Classified
3511 Steam, Gas, and Hydraulic Turbines
3523 Farm Machinery and Equipment
3531 Construction Machinery and Equipment
3541 Machine Tools, Metal Cutting Types
3559 Special Industry Machinery, Not Elsewhere Classified
3571 Electronic Computers
3572 Computer Storage Devices
3577 Computer Peripheral Equipment, Not Elsewhere Classified
3585 Air-Conditioning and Warm Air Heating Equipment
3612 Power, Distribution, and Specialty Transformers
3621 Motors and Generators
3631 Household Cooking Equipment
3661 Telephone and Telegraph Apparatus
3663 Radio and Television Broadcasting and Communications Equipment
3672 Printed Circuit Boards
3674 Semiconductors and Related Devices
3679 Electronic Components, Not Elsewhere Classified
3711 Motor Vehicles and Passenger Car Bodies
3714 Motor Vehicle Parts and Accessories
3721 Aircraft
3724 Aircraft Engines and Engine Parts
3728 Aircraft Parts and Auxiliary Equipment, Not Elsewhere Classified
3731 Ship Building and Repairing
3743 Railroad Equipment
3812 Search, Detection, Navigation, Guidance, Aeronautical, and Nautical Systems
3825 Instruments for Measuring and Testing of Electricity and Electrical Signals
3826 Laboratory Analytical Instruments
3841 Surgical and Medical Instruments and Apparatus
3842 Orthopedic, Prosthetic, and Surgical Appliances and Supplies
3845 Electromedical and Electrotherapeutic Apparatus
3851 Ophthalmic Goods
3911 Jewelry, Precious Metal
3944 Games, Toys, and Children's Vehicles
3949 Sporting and Athletic Goods, Not Elsewhere Classified
3990 Miscellaneous Manufacturing Industries
4011 Railroads, Line-Haul Operating
4111 Local and Suburban Transit
4121 Taxicabs
4213 Trucking, Except Local
4214 Local Trucking With Storage
4215 Courier Services, Except by Air
4222 Refrigerated Warehousing and Storage
4225 General Warehousing and Storage
4412 Deep Sea Foreign Transportation of Freight
4481 Deep Sea Transportation of Passengers, Except by Ferry
4512 Air Transportation, Scheduled
4513 Air Courier Services
4522 Air Transportation, Nonscheduled
4581 Airports, Flying Fields, and Airport Terminal Services
4612 Crude Petroleum Pipelines
4724 Travel Agencies
4731 Arrangement of Transportation of Freight and Cargo
4812 Radiotelephone Communications
4813 Telephone Communications, Except Radiotelephone
4832 Radio Broadcasting Stations
4833 Television Broadcasting Stations
4841 Cable and Other Pay Television Services
4899 Communications Services, Not Elsewhere Classified
4911 Electric Services
4922 Natural Gas Transmission
4924 Natural Gas Distribution
4931 Electric and Other Services Combined
4941 Water Supply
4952 Sewerage Systems
4953 Refuse Systems
4955 Hazardous Waste Management
4961 Steam and Air-Conditioning Supply
4991 Cogeneration Services and Small Power Producers
5012 Automobiles and Other Motor Vehicles
5021 Furniture
5031 Lumber, Plywood, Millwork, and Wood Panels
5045 Computers and Computer Peripheral Equipment and Software
5047 Medical, Dental, and Hospital Equipment and Supplies
5051 Metals Service Centers and Offices
5065 Electronic Parts and Equipment, Not Elsewhere Classified
5072 Hardware
5084 Industrial Machinery and Equipment
5122 Drugs, Drug Proprietaries, and Druggists' Sundries
5141 Groceries, General Line
5150 Farm-Product Raw Materials
5171 Petroleum Bulk Stations and Terminals
5172 Petroleum and Petroleum Products Wholesalers
5181 Beer and Ale
5182 Wine and Distilled Alcoholic Beverages
5191 Farm Supplies
5211 Lumber and Other Building Materials Dealers
5251 Hardware Stores
5261 Retail Nurseries, Lawn and Garden Supply Stores
5311 Department Stores
5331 Variety Stores
5399 Miscellaneous General Merchandise Stores
5411 Grocery Stores
5412 Convenience Stores
5461 Retail Bakeries
5511 Motor Vehicle Dealers (New and Used)
5521 Motor Vehicle Dealers (Used Only)
5531 Auto and Home Supply Stores
5541 Gasoline Service Stations
5551 Boat Dealers
5561 Recreational Vehicle Dealers
5611 Men's and Boys' Clothing and Accessory Stores
5621 Women's Clothing Stores
5651 Family Clothing Stores
5661 Shoe Stores
5712 Furniture Stores
5722 Household Appliance Stores
5731 Radio, Television, and Consumer Electronics Stores
5734 Computer and Computer Software Stores
5812 Eating Places
5813 Drinking Places (Alcoholic Beverages)
5912 Drug Stores and Proprietary Stores
5921 Liquor Stores
5941 Sporting Goods Stores and Bicycle Shops
5944 Jewelry Stores
5945 Hobby, Toy, and Game Shops
5961 Catalog and Mail-Order Houses
5983 Fuel Oil Dealers
5992 Florists
5999 Miscellaneous Retail Stores, Not Elsewhere Classified
6011 Federal Reserve Banks
6021 National Commercial Banks
6022 State Commercial Banks
6029 Commercial Banks, Not Elsewhere Classified
6035 Savings Institutions, Federally Chartered
6036 Savings Institutions, Not Federally Chartered
6061 Credit Unions, Federally Chartered
6062 Credit Unions, Not Federally Chartered
6081 Branches and Agencies of Foreign Banks
6099 Functions Related to Depository Banking, Not Elsewhere Classified
6111 Federal and Federally-Sponsored Credit Agencies
6141 Personal Credit Institutions
6153 Short-Term Business Credit Institutions, Except Agricultural
6159 Miscellaneous Business Credit Institutions
6162 Mortgage Bankers and Loan Correspondents
6163 Loan Brokers
6211 Security Brokers, Dealers, and Flotation Companies
6221 Commodity Contracts Brokers and Dealers
6231 Security and Commodity Exchanges
6282 Investment Advice
6311 Life Insurance
6321 Accident and Health Insurance
6324 Hospital and Medical Service Plans
6331 Fire, Marine, and Casualty Insurance
6351 Surety Insurance
6361 Title Insurance
6399 Insurance Carriers, Not Elsewhere Classified
6411 Insurance Agents, Brokers, and Service
6512 Operators of Nonresidential Buildings
6513 Operators of Apartment Buildings
6514 Operators of Dwellings Other Than Apartment Buildings
6515 Operators of Residential Mobile Home Sites
6519 Lessors of Real Property, Not Elsewhere Classified
6531 Real Estate Agents and Managers
6541 Title Abstract Offices
6552 Land Subdividers and Developers, Except Cemeteries
6553 Cemetery Subdividers and Developers
6712 Offices of Bank Holding Companies
6719 Offices of Holding Companies, Not Elsewhere Classified
6722 Management Investment Offices, Open-End
6726 Unit Investment Trusts, Face-Amount Certificate Offices, and Closed-End Management Investment Offices
6732 Educational, Religious, and Charitable Trusts
6792 Oil Royalty Traders
6794 Patent Owners and Lessors
6798 Real Estate Investment Trusts
6799 Investors, Not Elsewhere Classified
7011 Hotels and Motels
7021 Rooming and Boarding Houses
7033 Recreational Vehicle Parks and Campsites
7211 Power Laundries, Family and Commercial
7231 Beauty Shops
7241 Barber Shops
7261 Funeral Services and Crematories
7311 Advertising Agencies
7322 Adjustment and Collection Services
7323 Credit Reporting Services
7331 Direct Mail Advertising Services
7349 Building Cleaning and Maintenance Services, Not Elsewhere Classified
7359 Equipment Rental and Leasing, Not Elsewhere Classified
7361 Employment Agencies
7363 Help Supply Services
7371 Computer Programming Services
7372 Prepackaged Software
7373 Computer Integrated Systems Design
7374 Computer Processing and Data Preparation and Processing Services
7375 Information Retrieval Services
7379 Computer Related Services, Not Elsewhere Classified
7381 Detective, Guard, and Armored Car Services
7382 Security Systems Services
7389 Business Services, Not Elsewhere Classified
7513 Truck Rental and Leasing, Without Drivers
7514 Passenger Car Rental
7521 Automobile Parking
7532 Top, Body, and Upholstery Repair Shops and Paint Shops
7538 General Automotive Repair Shops
7812 Motion Picture and Video Tape Production
7832 Motion Picture Theaters, Except Drive-In
7911 Dance Studios, Schools, and Halls
7941 Professional Sports Clubs and Promoters
7948 Racing, Including Track Operation
7991 Physical Fitness Facilities
7992 Public Golf Courses
7996 Amusement Parks
7997 Membership Sports and Recreation Clubs
8011 Offices and Clinics of Doctors of Medicine
8021 Offices and Clinics of Dentists
8042 Offices and Clinics of Optometrists
8049 Offices and Clinics of Health Practitioners, Not Elsewhere Classified
8051 Skilled Nursing Care Facilities
8052 Intermediate Care Facilities
8059 Nursing and Personal Care Facilities, Not Elsewhere Classified
8062 General Medical and Surgical Hospitals
8063 Psychiatric Hospitals
8071 Medical Laboratories
8082 Home Health Care Services
8093 Specialty Outpatient Facilities, Not Elsewhere Classified
8111 Legal Services
8211 Elementary and Secondary Schools
8221 Colleges, Universities, and Professional Schools
8244 Business and Secretarial Schools
8299 Schools and Educational Services, Not Elsewhere Classified
8322 Individual and Family Social Services
8351 Child Day Care Services
8361 Residential Care
8611 Business Associations
8711 Engineering Services
8712 Architectural Services
8721 Accounting, Auditing, and Bookkeeping Services
8731 Commercial Physical and Biological Research
8741 Management Services
8742 Management Consulting Services
8743 Public Relations Services
8744 Facilities Support Management Services
9111 Executive Offices
9211 Courts
9221 Police Protection
9311 Public Finance, Taxation, and Monetary Policy
9411 Administration of Educational Programs
9431 Administration of Public Health Programs
9511 Air and Water Resource and Solid Waste Management
9531 Administration of Housing Programs
9611 Administration of General Economic Programs
9711 National Security
9999 Nonclassifiable Establishments
`;

export const DEMO_SIC_CODES = SIC_CODE_LINES.trim()
  .split("\n")
  .map((line) => ({ code: line.slice(0, 4), title: line.slice(5).trim() }));
